// The types of what support.js gives the benchmarks written in TypeScript (documents-load.ts).
export interface Target {
  dataDir: string;
  databaseUrl?: string;
}
export interface RunningServer {
  base: string;
  pid: number;
  startupMs: number;
  rssMb(): number | null;
  peakRssMb(): number | null;
  stop(): Promise<void>;
}
export interface WrkStats {
  requests: number;
  duration_us: number;
  latency_us: Record<string, number>;
  errors: Record<string, number>;
}
export interface Summary {
  requests_per_second: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  socket_errors: number;
  status_errors: number;
}
export const root: string;
export const SECONDS: number;
export function prepareBuild(): void;
export function ensureWrk(): void;
export function newDataDir(): string;
export function removeDataDir(dataDir: string): void;
export function seedArchive(target: Target, articles: number, tree?: string): void;
export function startServer(target: Target, env?: Record<string, string>, options?: { tree?: string; startLimitMs?: number }): Promise<RunningServer>;
export function wrk(url: string, options?: { headers?: Record<string, string>; paths?: string[]; seconds?: number; connections?: number }): Promise<WrkStats>;
export function summary(stats: WrkStats): Summary;
export function signIn(base: string): Promise<{ cookie: string; origin: string }>;
export function json(url: string, init?: RequestInit): Promise<any>;
export function publishedArticles(base: string, count: number): Promise<{ slug: string }[]>;
export function record<T extends object>(entry: T): T & Record<string, unknown>;
export const METRICS_TOKEN: string;
export interface MainThread {
  lag: { p99_ms: number; max_ms: number };
  collections: Record<string, { count: number; ms: number }>;
}
export function mainThread(base: string): Promise<MainThread>;
export function collectionsSince(before: MainThread, after: MainThread): Record<string, { count: number; ms: number }>;
