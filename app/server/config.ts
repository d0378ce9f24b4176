import path from "node:path";
import { type Locale, isLocale } from "~/lib/i18n";

/** Process configuration, read once from the environment (see README "Configuration"). */
export interface AppConfig {
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** The interface language of unprefixed URLs; the other one lives under /ne or /en. */
  defaultLocale: Locale;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demoContent: boolean | undefined;
  maxUploadBytes: number;
  maxVideoBytes: number;
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

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = env.PORT ?? "3000";
  return {
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    defaultLocale: parseLocale(env.DEFAULT_LOCALE),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoContent: parseBoolean(env.DEMO_CONTENT),
    maxUploadBytes: Number(env.MAX_UPLOAD_MB ?? 10) * 1024 * 1024,
    maxVideoBytes: Number(env.MAX_VIDEO_MB ?? 100) * 1024 * 1024,
  };
}

let cached: AppConfig | undefined;
export function config(): AppConfig {
  cached ??= readConfig();
  return cached;
}
