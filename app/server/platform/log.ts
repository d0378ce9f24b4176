/**
 * The server's log (issue 16): one JSON object per line on stdout (pino), each line written while
 * a request is handled carrying that request's id, which the reader also gets as `X-Request-Id`.
 * Nothing that identifies or authenticates anyone is logged: no password, token, cookie, query
 * string (searches are what readers read about), request body, client address or agent, and no
 * path as it was asked for, only the pattern of the route that took it (issue 36); the redaction
 * below is a second line of defence for an object logged by mistake.
 *
 * What a route does not declare `timed` (app/lib/request-logging.ts: the tip line, paths no route
 * takes, static files) is logged by the hour: counted, and written with everything its requests
 * logged when the hour is over, each line timed to the hour (`flushHour`).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino from "pino";
import { startOfHour } from "~/lib/dates";
import type { RequestLogging } from "~/lib/request-logging";
import { BatchedLines } from "./batched-lines";

/** One request's place in the log: filled in once the router has matched its route. */
export interface RequestScope {
  id: string;
  /** Until a route says otherwise, a request is logged by the hour. */
  logging: RequestLogging;
  /** The matched route's pattern; unset for what no route answers (static files, /metrics). */
  route?: string;
}

/** The route of a request that no route answered: a static file, an upload, /metrics. */
const NOT_ROUTED = "(not routed)";

const requestScope = new AsyncLocalStorage<RequestScope>();
const hourly = (scope: RequestScope | undefined) => scope !== undefined && scope.logging !== "timed";

/** Lines are written 4 KB at a time, and at least every second, rather than one write each. */
const destination = new BatchedLines(pino.destination({ dest: 1, sync: false }), 4096);
setInterval(() => destination.flush(), 1000).unref();

/** The hour being written out by `flushHour`: every line it writes carries it as its time. */
let writingHour: Date | undefined;

/** Lines the hourly requests logged this hour, written after its counts; at most this many. */
const HELD_LINES = 200;
let held: (() => void)[] = [];
let droppedLines = 0;

/** This hour's hourly requests: how many, and how long they took, by method, route and status. */
interface Tally {
  method: string;
  route: string;
  status: number;
  count: number;
  ms: number;
}
let tallies = new Map<string, Tally>();
let tallyHour = startOfHour(new Date());

export const log = pino({
  base: undefined,
  timestamp: () => {
    const scope = requestScope.getStore();
    const time = writingHour ?? (hourly(scope) ? startOfHour(new Date()) : new Date());
    return `,"time":"${time.toISOString()}"`;
  },
  level: process.env.LOG_LEVEL ?? "info",
  mixin: () => {
    const scope = requestScope.getStore();
    // An hourly request's id would tie its lines to a proxy's log of the same request.
    return scope && !hourly(scope) ? { reqId: scope.id } : {};
  },
  hooks: {
    logMethod(args, write) {
      if (writingHour === undefined && hourly(requestScope.getStore())) {
        if (held.length < HELD_LINES) held.push(() => write.apply(this, args));
        else droppedLines++;
        return;
      }
      write.apply(this, args);
    },
  },
  redact: {
    // Top-level only: wildcard paths are walked on every line.
    paths: ["password", "token", "cookie", "authorization", "headers"],
    censor: "[redacted]",
  },
}, destination);

/**
 * Writes the hour's counts and the lines its hourly requests logged, each timed to the hour they
 * belong to, and starts the next hour's. Runs as each hour turns, and before the process exits.
 */
function flushHour(now = new Date()): void {
  const lines = held;
  const dropped = droppedLines;
  const counted = [...tallies.values()];
  const hour = tallyHour;
  held = [];
  droppedLines = 0;
  tallies = new Map();
  tallyHour = startOfHour(now);
  if (counted.length === 0 && lines.length === 0) return;
  writingHour = hour;
  try {
    for (const { ms, ...tally } of counted) log.info({ ...tally, ms: Math.round(ms) }, "requests in the hour");
    for (const line of lines) line();
    if (dropped > 0) log.warn(`${dropped} more lines of requests logged by the hour were dropped`);
  } finally {
    writingHour = undefined;
  }
}

const HOUR_MS = 60 * 60 * 1000;
function flushAtEachHour(): void {
  const now = Date.now();
  setTimeout(() => {
    flushHour();
    flushAtEachHour();
  }, startOfHour(new Date(now)).getTime() + HOUR_MS - now).unref();
}
flushAtEachHour();

/** Writes what is buffered (the hour's counts included) before the process exits. */
export function flushLog(): void {
  flushHour();
  destination.flushSync();
}

/** A request id from a proxy in front is kept when it looks like one; otherwise a new one. */
const FORWARDED_ID = /^[\w.-]{8,64}$/;
function requestIdOf(forwarded: string | string[] | undefined): string {
  return typeof forwarded === "string" && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
}

/** A new request's place in the log, logged by the hour until its route says otherwise. */
export function requestScopeOf(forwardedId: string | string[] | undefined): RequestScope {
  return { id: requestIdOf(forwardedId), logging: "hourly" };
}

/** Runs the handling of one request so that everything it logs is that request's. */
export function withinRequest<T>(scope: RequestScope, handle: () => T): T {
  return requestScope.run(scope, handle);
}

/** What the matched route declares: its pattern, and whether its requests may be timed. */
export function describeRequest(route: string, logging: RequestLogging): void {
  const scope = requestScope.getStore();
  if (!scope) return;
  scope.route = route;
  scope.logging = logging;
}

/** Whether the current request is logged one line each, exactly timed. */
export function requestIsTimed(): boolean {
  return requestScope.getStore()?.logging === "timed";
}

/**
 * An error as one log line: its message and, for the unexpected, its stack. An hourly request's
 * error keeps only its kind and where it was thrown: a message may quote what the request carried
 * (a failed query quotes its parameters: a tip's access hash).
 */
export function logError(message: string, error: unknown): void {
  if (hourly(requestScope.getStore())) {
    const frames = error instanceof Error ? (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line)).join("\n") : "";
    log.error({ err: { type: error instanceof Error ? error.name : typeof error, stack: frames } }, message);
    return;
  }
  log.error({ err: error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) } }, message);
}

/** A request that needed the database while it was away: a warning without a stack, one per request. */
export function logDatabaseUnavailable(error: unknown): void {
  log.warn(`Database unavailable: ${error instanceof Error ? error.message : String(error)}`);
}

/** The outcome of the current request: a line of its own when timed, else a count for the hour. */
export function logRequest(method: string | undefined, status: number, started: bigint): void {
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const scope = requestScope.getStore();
  const route = scope?.route ?? NOT_ROUTED;
  if (hourly(scope)) {
    const key = `${method} ${status} ${route}`;
    const tally = tallies.get(key) ?? { method: method ?? "", route, status, count: 0, ms: 0 };
    tally.count++;
    tally.ms += ms;
    tallies.set(key, tally);
    return;
  }
  const line = { method, route, status, ms: Math.round(ms * 10) / 10 };
  if (status >= 500) log.warn(line, "request");
  else log.info(line, "request");
}
