/**
 * The server's log (issue 16): one JSON object per line on stdout (pino), each line written while
 * a request is handled carrying that request's id, which the reader also gets as `X-Request-Id`.
 * Nothing that identifies or authenticates anyone is logged: no password, token, cookie, query
 * string (searches are what readers read about) or request body; the redaction below is a second
 * line of defence for an object logged by mistake.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino from "pino";

const requestScope = new AsyncLocalStorage<{ id: string }>();

/** Lines are written 4 KB at a time, and at least every second, rather than one write each. */
const destination = pino.destination({ dest: 1, minLength: 4096, sync: false });
setInterval(() => destination.flush(), 1000).unref();

/** Writes what is buffered before the process exits. */
export function flushLog(): void {
  destination.flushSync();
}

export const log = pino({
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  level: process.env.LOG_LEVEL ?? "info",
  mixin: () => {
    const scope = requestScope.getStore();
    return scope ? { reqId: scope.id } : {};
  },
  redact: {
    // Top-level only: wildcard paths are walked on every line.
    paths: ["password", "token", "cookie", "authorization", "headers"],
    censor: "[redacted]",
  },
}, destination);

/** A request id from a proxy in front is kept when it looks like one; otherwise a new one. */
const FORWARDED_ID = /^[\w.-]{8,64}$/;
export function requestIdOf(forwarded: string | string[] | undefined): string {
  return typeof forwarded === "string" && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
}

/** Runs the handling of one request so that everything it logs names `id`. */
export function withRequestId<T>(id: string, handle: () => T): T {
  return requestScope.run({ id }, handle);
}

/** An error as one log line: its message and, for the unexpected, its stack. */
export function logError(message: string, error: unknown): void {
  log.error({ err: error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) } }, message);
}

/** A request that needed the database while it was away: a warning without a stack, one per request. */
export function logDatabaseUnavailable(error: unknown): void {
  log.warn(`Database unavailable: ${error instanceof Error ? error.message : String(error)}`);
}

/** One line per answered request: method, path without its query, status, duration. */
export function logRequest(method: string | undefined, url: string | undefined, status: number, started: bigint): void {
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const path = (url ?? "/").split("?")[0];
  const line = { method, path, status, ms: Math.round(ms * 10) / 10 };
  if (status >= 500) log.warn(line, "request");
  else log.info(line, "request");
}
