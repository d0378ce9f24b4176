import type { MessageKey } from "~/lib/messages";

/**
 * A failure the client can act on. Services throw it with the HTTP status that names the problem
 * (docs/api.md#conventions) and the catalog key of its message; the HTTP layer words it in the
 * language the client asked for. `message` is the English text, for logs.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 503,
    readonly key: MessageKey,
    readonly values?: Record<string, string | number>,
    /** For a failure that passes (a queue that is full): when to ask again, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(key);
    this.name = "AppError";
  }
}

/** Whether `error`, or any error it wraps (drizzle wraps the driver's), has SQLSTATE `code`. */
function hasSqlState(error: unknown, code: string): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** PostgreSQL's unique_violation. */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, "23505");

/**
 * PostgreSQL refuses text holding a NUL character, in a query's parameters as in a stored row
 * (character_not_in_repertoire) and inside a jsonb value, as names by language are kept
 * (untranslatable_character: `\u0000` has no place in jsonb's text): no slug, name or body can hold
 * one, so the input names nothing and stores nothing.
 */
export const isUnstorableText = (error: unknown): boolean => hasSqlState(error, "22021") || hasSqlState(error, "22P05");

/** Whether a lookup found nothing: a service's 404, or a name (a slug in an address) no row can hold. */
export const namesNothing = (error: unknown): boolean => (error instanceof AppError && error.status === 404) || isUnstorableText(error);

/** Connection-level failures: the database is down, restarting or out of reach (SQLSTATE class 08, 57P0x). */
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND", "57P01", "57P02", "57P03"]);
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is not open/i;

/**
 * Whether a failure means the database cannot be reached right now (issue 16): the request gets a
 * 503 and a "try again", not a 500, and the next one tries again by itself.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (e instanceof Error && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** How long a client is asked to wait before trying again while the database is away, in seconds. */
export const OUTAGE_RETRY_AFTER_SECONDS = 10;
