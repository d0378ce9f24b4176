import path from "node:path";
import { type Locale, isLocale } from "~/lib/i18n";

/** Process configuration, read once from the environment (see README "Configuration"). */
export interface AppConfig {
  dataDir: string;
  /** Where `react-router build` wrote the build the server runs (BUILD_DIR). */
  buildDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** The interface language of unprefixed URLs; the other one lives under /ne or /en. */
  defaultLocale: Locale;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demoContent: boolean | undefined;
  maxUploadBytes: number;
  maxVideoBytes: number;
  /** The public cache's budget for stored answers, all encodings together; 0 turns it off. */
  pageCacheBytes: number;
  /**
   * The sections the pages single out (SPEC's 'Featured' flag and Opinion box), by slug: an editor
   * may name them in either language, or rename them, and they stay what they are.
   */
  featuredCategorySlug: string;
  opinionCategorySlug: string;
  /**
   * What an edition lists of a story that exists only in the other language: shows it, marked
   * (`fallback`), or leaves it out (`own-language`).
   */
  editionMode: EditionMode;
  /** How often each instance looks for scheduled stories that are due, in milliseconds. */
  scheduleCheckMs: number;
  /**
   * How stale "Most read" may be, in milliseconds: how often counted reads are written, how long a
   * ranking is reused, and how long a cached page that shows one is served.
   */
  mostReadRefreshMs: number;
  /** The bearer token that opens `/metrics`; unset, there are no metrics. */
  metricsToken: string | undefined;
}

export const EDITION_MODES = ["own-language", "fallback"] as const;
export type EditionMode = (typeof EDITION_MODES)[number];

function parseEditionMode(value: string | undefined): EditionMode {
  if (value === undefined || value === "") return "fallback";
  const mode = EDITION_MODES.find((known) => known === value);
  if (!mode) throw new Error(`EDITION_MODE must be "own-language" or "fallback", not "${value}"`);
  return mode;
}

function parseBoolean(value: string | undefined): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  return !["false", "0", "no", "off"].includes(value.toLowerCase());
}

function parseLocale(value: string | undefined): Locale {
  if (value === undefined || value === "") return "en";
  if (isLocale(value)) return value;
  throw new Error(`DEFAULT_LOCALE must be "en" or "ne", not "${value}"`);
}

function parseMegabytes(name: string, value: string | undefined, fallback: number): number {
  const megabytes = value === undefined || value === "" ? fallback : Number(value);
  if (!Number.isFinite(megabytes) || megabytes < 0) throw new Error(`${name} must be a number of megabytes (0 or more), not "${value}"`);
  return Math.round(megabytes * 1024 * 1024);
}

function parseSeconds(name: string, value: string | undefined, fallback: number): number {
  const seconds = value === undefined || value === "" ? fallback : Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`${name} must be a number of seconds (more than 0), not "${value}"`);
  return seconds;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = env.PORT ?? "3000";
  return {
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    buildDir: path.resolve(env.BUILD_DIR ?? "build"),
    databaseUrl: env.DATABASE_URL || undefined,
    defaultLocale: parseLocale(env.DEFAULT_LOCALE),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoContent: parseBoolean(env.DEMO_CONTENT),
    maxUploadBytes: parseMegabytes("MAX_UPLOAD_MB", env.MAX_UPLOAD_MB, 10),
    maxVideoBytes: parseMegabytes("MAX_VIDEO_MB", env.MAX_VIDEO_MB, 100),
    pageCacheBytes: parseMegabytes("PAGE_CACHE_MB", env.PAGE_CACHE_MB, 64),
    featuredCategorySlug: (env.FEATURED_CATEGORY_SLUG || "featured").normalize("NFC"),
    opinionCategorySlug: (env.OPINION_CATEGORY_SLUG || "opinion").normalize("NFC"),
    editionMode: parseEditionMode(env.EDITION_MODE),
    scheduleCheckMs: parseSeconds("SCHEDULE_CHECK_SECONDS", env.SCHEDULE_CHECK_SECONDS, 15) * 1000,
    metricsToken: env.METRICS_TOKEN || undefined,
    mostReadRefreshMs: parseSeconds("MOST_READ_REFRESH_SECONDS", env.MOST_READ_REFRESH_SECONDS, 60) * 1000,
  };
}

let cached: AppConfig | undefined;
export function config(): AppConfig {
  cached ??= readConfig();
  return cached;
}
