import { readFileSync } from "node:fs";
import path from "node:path";
import { LOCALES, type Locale, isLocale } from "~/lib/i18n";
import { type SecondFactorRequirement, SECOND_FACTOR_REQUIREMENTS } from "~/lib/second-factor";

/** Process configuration, read once from the environment (see README "Configuration"). */
export interface AppConfig {
  dataDir: string;
  /** Where `react-router build` wrote the build the server runs (BUILD_DIR). */
  buildDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** The interface language of unprefixed URLs; every language also lives under its prefix (/ne, /en…). */
  defaultLocale: Locale;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demoContent: boolean | undefined;
  maxUploadBytes: number;
  maxVideoBytes: number;
  /** The largest evidence document (a PDF) the back office may upload (MAX_DOCUMENT_MB). */
  maxDocumentBytes: number;
  /** The public cache's budget for stored answers, all encodings together; 0 turns it off. */
  pageCacheBytes: number;
  /**
   * The sections the pages single out (the Featured flag and the Opinion box, docs/product.md#what-the-site-keeps), by slug: an editor
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
  /** How often a live story's open page asks for changes when it polls (issue 39); the browser tests shorten it. */
  livePollSeconds: number;
  /**
   * How stale "Most read" may be, in milliseconds: how often counted reads are written, how long a
   * ranking is reused, and how long a cached page that shows one is served.
   */
  mostReadRefreshMs: number;
  /** The bearer token that opens `/metrics`; unset, there are no metrics. */
  metricsToken: string | undefined;
  /** MEDIA_STORAGE=s3: the bucket that holds uploads. Unset: the local folder DATA_DIR/uploads. */
  mediaStorage: S3Settings | undefined;
  /**
   * Where readers fetch uploads, without a trailing slash: MEDIA_PUBLIC_URL (a CDN or the bucket's
   * public address) with a bucket; this site's own /uploads otherwise.
   */
  mediaPublicUrl: string;
  /** How long a tip-line conversation is kept after its last message, unless an editor keeps it. */
  tipsRetentionDays: number;
  /** The site's .onion address, sent as Onion-Location on the tip line's pages (Tor Browser offers it). */
  onionUrl: string | undefined;
  /** The lowest role that must have a second factor (REQUIRE_SECOND_FACTOR), or "none". */
  requireSecondFactor: SecondFactorRequirement;
  /** The tip line's proof of work for a new conversation: leading zero bits (TIP_PUZZLE_BITS, docs/decisions.md). */
  tipPuzzleBits: number;
  /** How the site sends mail (issue 40): an SMTP relay, or, with none set, files in DATA_DIR/mail. */
  mail: MailSettings;
}

export interface MailSettings {
  /** SMTP_URL: smtp://user:pass@host:587 or smtps://…; unset, messages are written to DATA_DIR/mail instead of sent. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the From of every message, "Name <address>" or an address. */
  from: string;
  /** DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE together: messages are signed with that key. */
  dkim: { domainName: string; keySelector: string; privateKey: string } | undefined;
  /** MAIL_RATE_PER_SECOND: newsletter messages handed to the relay per second at most (default 10), so a relay's limits hold. */
  ratePerSecond: number;
  /** MAIL_CONNECTIONS: SMTP connections a newsletter send keeps open at once (default 2). */
  connections: number;
  /** SES_SNS_TOPIC_ARNS: the SNS topics whose bounce and complaint notifications are believed (comma-separated); none: the webhook refuses all. */
  sesTopicArns: string[];
  /** NEWSLETTER_BOUNCE_SECRET: the password (HTTP Basic) of POST /api/newsletter/bounces/dsn; unset, that address answers 404. */
  bounceSecret: string | undefined;
}

export interface S3Settings {
  /** An S3-compatible service's address (MinIO, Garage, R2…); unset, AWS itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset, the SDK's own chain (an instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const MEDIA_STORAGES = ["local", "s3"] as const;

function parseHttpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) address, not "${value}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`${name} must be an http(s) address, not "${value}"`);
  return value.replace(/\/+$/, "");
}

function parseMediaStorage(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const kind = env.MEDIA_STORAGE || "local";
  if (!MEDIA_STORAGES.some((known) => known === kind)) throw new Error(`MEDIA_STORAGE must be "local" or "s3", not "${kind}"`);
  if (kind === "local") return undefined;
  const missing = ["S3_BUCKET", "MEDIA_PUBLIC_URL"].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`MEDIA_STORAGE=s3 needs ${missing.join(" and ")}`);
  const keyId = env.S3_ACCESS_KEY_ID || undefined;
  const secret = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(keyId) !== Boolean(secret)) throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK's own credentials");
  return {
    endpoint: env.S3_ENDPOINT ? parseHttpUrl("S3_ENDPOINT", env.S3_ENDPOINT) : undefined,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION || "us-east-1",
    credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
  };
}

function parseSmtpUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("SMTP_URL must be an smtp:// or smtps:// address");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") throw new Error("SMTP_URL must be an smtp:// or smtps:// address");
  return value;
}

function parseDkim(env: NodeJS.ProcessEnv): MailSettings["dkim"] {
  const names = ["DKIM_DOMAIN", "DKIM_SELECTOR", "DKIM_PRIVATE_KEY_FILE"] as const;
  const set = names.filter((name) => env[name]);
  if (set.length === 0) return undefined;
  if (set.length < names.length) throw new Error(`DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE go together: set all three, or none`);
  let privateKey: string;
  try {
    privateKey = readFileSync(env.DKIM_PRIVATE_KEY_FILE!, "utf8");
  } catch {
    throw new Error(`DKIM_PRIVATE_KEY_FILE "${env.DKIM_PRIVATE_KEY_FILE}" cannot be read`);
  }
  return { domainName: env.DKIM_DOMAIN!, keySelector: env.DKIM_SELECTOR!, privateKey };
}

function hostnameOf(address: string): string {
  try {
    return new URL(address).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

function parseWhole(name: string, value: string | undefined, fallback: number, max: number): number {
  const number = value === undefined || value === "" ? fallback : Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) throw new Error(`${name} must be a whole number from 1 to ${max}, not "${value}"`);
  return number;
}

function parseMail(env: NodeJS.ProcessEnv, publicUrl: string): MailSettings {
  return {
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    from: env.MAIL_FROM || `no-reply@${hostnameOf(publicUrl)}`,
    dkim: parseDkim(env),
    ratePerSecond: parseWhole("MAIL_RATE_PER_SECOND", env.MAIL_RATE_PER_SECOND, 10, 10_000),
    connections: parseWhole("MAIL_CONNECTIONS", env.MAIL_CONNECTIONS, 2, 32),
    sesTopicArns: (env.SES_SNS_TOPIC_ARNS ?? "")
      .split(",")
      .map((arn) => arn.trim())
      .filter(Boolean),
    bounceSecret: parseBounceSecret(env.NEWSLETTER_BOUNCE_SECRET),
  };
}

/** A guessable secret would let anyone suppress any reader: at least 24 characters. */
function parseBounceSecret(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 24) throw new Error("NEWSLETTER_BOUNCE_SECRET must be at least 24 characters long");
  return value;
}

export const EDITION_MODES = ["own-language", "fallback"] as const;
export type EditionMode = (typeof EDITION_MODES)[number];

function parseEditionMode(value: string | undefined): EditionMode {
  if (value === undefined || value === "") return "fallback";
  const mode = EDITION_MODES.find((known) => known === value);
  if (!mode) throw new Error(`EDITION_MODE must be "own-language" or "fallback", not "${value}"`);
  return mode;
}

function parseSecondFactorRequirement(value: string | undefined): SecondFactorRequirement {
  if (value === undefined || value === "") return "editor";
  const requirement = SECOND_FACTOR_REQUIREMENTS.find((known) => known === value);
  if (!requirement) throw new Error(`REQUIRE_SECOND_FACTOR must be one of ${SECOND_FACTOR_REQUIREMENTS.join(", ")}, not "${value}"`);
  return requirement;
}

function parseBoolean(value: string | undefined): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  return !["false", "0", "no", "off"].includes(value.toLowerCase());
}

function parseLocale(value: string | undefined): Locale {
  if (value === undefined || value === "") return "en";
  if (isLocale(value)) return value;
  throw new Error(`DEFAULT_LOCALE must be one of the site's languages (${LOCALES.join(", ")}), not "${value}"`);
}

function parseMegabytes(name: string, value: string | undefined, fallback: number): number {
  const megabytes = value === undefined || value === "" ? fallback : Number(value);
  if (!Number.isFinite(megabytes) || megabytes < 0) throw new Error(`${name} must be a number of megabytes (0 or more), not "${value}"`);
  return Math.round(megabytes * 1024 * 1024);
}

function parseDays(name: string, value: string | undefined, fallback: number): number {
  const days = value === undefined || value === "" ? fallback : Number(value);
  if (!Number.isInteger(days) || days < 1) throw new Error(`${name} must be a whole number of days (1 or more), not "${value}"`);
  return days;
}

function parseSeconds(name: string, value: string | undefined, fallback: number): number {
  const seconds = value === undefined || value === "" ? fallback : Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`${name} must be a number of seconds (more than 0), not "${value}"`);
  return seconds;
}

function parsePuzzleBits(value: string | undefined): number {
  const bits = value === undefined || value === "" ? 17 : Number(value);
  if (!Number.isInteger(bits) || bits < 1 || bits > 32) throw new Error(`TIP_PUZZLE_BITS must be a whole number from 1 to 32, not "${value}"`);
  return bits;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = env.PORT ?? "3000";
  const mediaStorage = parseMediaStorage(env);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  return {
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    buildDir: path.resolve(env.BUILD_DIR ?? "build"),
    databaseUrl: env.DATABASE_URL || undefined,
    defaultLocale: parseLocale(env.DEFAULT_LOCALE),
    publicUrl,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoContent: parseBoolean(env.DEMO_CONTENT),
    maxUploadBytes: parseMegabytes("MAX_UPLOAD_MB", env.MAX_UPLOAD_MB, 10),
    maxVideoBytes: parseMegabytes("MAX_VIDEO_MB", env.MAX_VIDEO_MB, 100),
    maxDocumentBytes: parseMegabytes("MAX_DOCUMENT_MB", env.MAX_DOCUMENT_MB, 50),
    pageCacheBytes: parseMegabytes("PAGE_CACHE_MB", env.PAGE_CACHE_MB, 64),
    featuredCategorySlug: (env.FEATURED_CATEGORY_SLUG || "featured").normalize("NFC"),
    opinionCategorySlug: (env.OPINION_CATEGORY_SLUG || "opinion").normalize("NFC"),
    editionMode: parseEditionMode(env.EDITION_MODE),
    scheduleCheckMs: parseSeconds("SCHEDULE_CHECK_SECONDS", env.SCHEDULE_CHECK_SECONDS, 15) * 1000,
    livePollSeconds: parseSeconds("LIVE_POLL_SECONDS", env.LIVE_POLL_SECONDS, 20),
    metricsToken: env.METRICS_TOKEN || undefined,
    mediaStorage,
    mediaPublicUrl: mediaStorage ? parseHttpUrl("MEDIA_PUBLIC_URL", env.MEDIA_PUBLIC_URL!) : "/uploads",
    mostReadRefreshMs: parseSeconds("MOST_READ_REFRESH_SECONDS", env.MOST_READ_REFRESH_SECONDS, 60) * 1000,
    tipsRetentionDays: parseDays("TIPS_RETENTION_DAYS", env.TIPS_RETENTION_DAYS, 90),
    onionUrl: env.ONION_URL ? parseHttpUrl("ONION_URL", env.ONION_URL) : undefined,
    requireSecondFactor: parseSecondFactorRequirement(env.REQUIRE_SECOND_FACTOR),
    tipPuzzleBits: parsePuzzleBits(env.TIP_PUZZLE_BITS),
    mail: parseMail(env, publicUrl),
  };
}

let cached: AppConfig | undefined;
export function config(): AppConfig {
  cached ??= readConfig();
  return cached;
}
