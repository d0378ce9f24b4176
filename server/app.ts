/**
 * The application as an Express sub-app: React Router serves the pages and the /api resource
 * routes, behind the public cache and a per-response Content Security Policy. server.js mounts it
 * in development and production, and in production answers cache hits with `serveFromCache`
 * before Express sees the request.
 */
import { type IncomingMessage, type OutgoingHttpHeaders, STATUS_CODES, type ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { createGzip } from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import { RouterContextProvider, createRequestHandler } from "react-router";
import { splitLocalePath } from "~/lib/i18n";
import { type SharedRequest, sharedRequest } from "~/server/cache/cache-key";
import { type RouteDecision, type SharingOf, routeSharing } from "~/server/cache/route-sharing";
import { describeRequest, logError, logRequest, requestIsTimed } from "~/server/platform/log";
import { countPageCache, metricsResponse, observeRequest } from "~/server/process/metrics";
import { CACHE_LIFETIME_HEADER, SHARED_CACHE_CONTROL_HEADER, acceptsGzip } from "~/server/cache/cached-response";
import { mutationChangesContent } from "~/server/cache/invalidation";
import { isStreamed } from "~/server/cache/streamed-responses";
import { trackPublicChanges } from "~/server/cache/public-changes";
import { type Rendered, type SharedRenderer, type WholeAnswer, SharedPages } from "~/server/cache/shared-pages";
import { config } from "~/server/platform/config";
import { contentSecurityPolicy, inlineScriptHashes, newNonce } from "~/server/http/content-security-policy";
import { requestInfoContext } from "~/server/http/request-context";
import { toFetchRequest } from "~/server/http/fetch-request";
import { DIRECT_ROUTES } from "~/server/http/direct-routes";
import type { DirectHandler } from "~/server/http/direct";
import { livePush, pageCache, startApp, stopApp as stopRuntime } from "~/server/process/runtime";
import { routeHandlers } from "./route-handlers";

export { startApp };
export { startupMessage } from "~/server/platform/startup-error";
export { flushLog, log, requestScopeOf, withinRequest } from "~/server/platform/log";
export { uploadsHandler } from "~/server/http/uploads";
/** For `npm run media:migrate` (scripts/media-migrate.js). */
export { mediaStorage } from "~/server/storage";
export { migrateMedia } from "~/server/storage/migrate";
/** For `npm run newsletter:invite` (scripts/newsletter-invite.js). */
export { inviteStoredSubscribers } from "~/server/newsletter/invitations";
export { stopApp as closeDatabase } from "~/server/process/runtime";
export { backfillVariants } from "~/server/services/media-variants-backfill";

/**
 * A request answered: its log line and its metrics. A request logged by the hour is not in the
 * metrics either: a counter scraped every few seconds would say when it came to those seconds.
 */
export function requestFinished(method: string | undefined, url: string | undefined, status: number, started: bigint): void {
  if (requestIsTimed()) observeRequest(method, url, status, Number(process.hrtime.bigint() - started) / 1e9);
  logRequest(method, status, started);
}

/** A failure's own status when it is an HTTP error (a malformed address is a 400), else 500. */
function failureStatus(error: unknown): number {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}

/**
 * Express's last word on a failure, in place of its own, which writes the whole error to stderr
 * the moment it happens: past the log's rules (an hourly request's time; a message that quotes
 * the path it failed on). Mounted last by server.js.
 */
export function requestFailed(error: unknown, _req: ExpressRequest, res: ExpressResponse, _next: NextFunction): void {
  const status = failureStatus(error);
  if (status >= 500) logError("Unexpected error in a request", error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).type("text/plain").send(STATUS_CODES[status]);
}

/**
 * `GET /metrics`, outside the application: only with METRICS_TOKEN set, and only to its bearer.
 * Never rejects: server.js does not wait for it, and a failed collection is a 500, not a crash.
 */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const answer = await metricsResponse(config().metricsToken, req.headers.authorization);
    res.writeHead(answer.status, { "Content-Type": answer.type, "Cache-Control": "no-store" });
    res.end(answer.body);
  } catch (error) {
    logError("Collecting metrics failed", error);
    if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    res.end();
  }
}
/** For `npm run seed` (scripts/seed.js), which runs against this build's database settings. */
export { bulkSeed } from "~/server/demo/bulk-seed";
export { database } from "~/server/process/runtime";
/** For `npm run backup` and `npm run restore` (scripts/backup.js, scripts/restore.js). */
export { backup } from "~/server/backup/backup";
export { restore } from "~/server/backup/restore";
export { backupFailureMessage } from "~/server/backup/errors";

const production = process.env.NODE_ENV === "production";

const loadBuild = () => import("virtual:react-router/server-build");
type RequestHandler = ReturnType<typeof createRequestHandler>;
type ServerBuild = Awaited<ReturnType<typeof loadBuild>>;

/**
 * Production loads the whole build at start, so that replacing build/ on disk under a running
 * server cannot break it, and hands each request to a handler of the routes it matched
 * (route-handlers.ts); development loads the build per request for hot reload.
 */
const developmentHandler = production ? undefined : createRequestHandler(loadBuild, "development");
const handlerOf: (target: string, decision: RouteDecision<unknown>) => RequestHandler = developmentHandler
  ? () => developmentHandler
  : routeHandlers(await loadBuild());

/** What each route of a build declares it may share (app/lib/sharing.ts), once per build. */
const sharingOfBuilds = new WeakMap<ServerBuild, SharingOf<DirectHandler>>();
function sharingOfBuild(build: ServerBuild): SharingOf<DirectHandler> {
  let sharingOf = sharingOfBuilds.get(build);
  if (!sharingOf) {
    const routes = Object.values(build.routes).flatMap((route) => {
      const declared = route?.module as { sharing?: unknown; logging?: unknown } | undefined;
      return route ? [{ ...route, sharing: declared?.sharing, logging: declared?.logging, direct: DIRECT_ROUTES.get(route.id) }] : [];
    });
    sharingOf = routeSharing(routes);
    sharingOfBuilds.set(build, sharingOf);
  }
  return sharingOf;
}

/** Production's table, ready before the first request; development reads the build of each request. */
const productionSharing = production ? sharingOfBuild(await loadBuild()) : undefined;

/** Headers as [name, value] pairs, a repeated header once per value. */
function headerPairs(headers: OutgoingHttpHeaders | Headers): [string, string][] {
  if (headers instanceof Headers) return [...headers];
  return Object.entries(headers).flatMap(([name, value]): [string, string][] =>
    value === undefined ? [] : Array.isArray(value) ? value.map((v) => [name, v]) : [[name, String(value)]],
  );
}

/** What a route tells the cache of its answer (its lifetimes), never sent. */
const OWN_CACHE_HEADERS = new Set([CACHE_LIFETIME_HEADER.toLowerCase(), SHARED_CACHE_CONTROL_HEADER.toLowerCase()]);

/**
 * The header list of a shared answer: `outer`, what the outer layers set on the response before
 * it was rendered (the security headers), the application's own, and the CSP that vouches for the
 * answer's scripts.
 */
function sharedHeaders(outer: [string, string][], shared: SharedRequest, response: Response, body: Buffer): [string, string][] {
  const own = [...outer, ...headerPairs(response.headers)].filter(
    ([name]) => !/^(cache-control|content-security-policy)$/i.test(name) && !OWN_CACHE_HEADERS.has(name.toLowerCase()),
  );
  // An API answer is data, never a document a browser runs scripts from: nothing to vouch for.
  const sources = production ? { hashes: shared.api ? [] : inlineScriptHashes(body.toString("utf8")) } : undefined;
  return [
    ...own,
    ["Content-Security-Policy", contentSecurityPolicy(sources)],
    // An anonymous API answer must not reach a client who sent credentials, nor one who asked in another language.
    ...(shared.api ? ([["Vary", "Accept-Language, Authorization, Cookie"]] as [string, string][]) : []),
  ];
}

/** Shared answers, from the cache or rendered by React Router. */
const sharedPages = new SharedPages(pageCache, countPageCache);

/**
 * A production cache hit, answered before Express runs: true when it was sent, with `requestId`
 * as its `X-Request-Id`. Given a response with no header set yet: its headers are written at once
 * from the stored list.
 */
export function serveFromCache(req: IncomingMessage, res: ServerResponse, requestId: string): boolean {
  const url = req.url ?? "/";
  // A path not seen yet goes through Express, which decides its sharing.
  const decision = productionSharing?.known(url);
  const shared = decision && sharedRequest(req.method, url, req.headers, decision.sharing);
  if (!shared) return false;
  describeRequest(decision.route, decision.logging);
  return sharedPages.sendStored(req, res, shared, requestId);
}

/** The policy of a direct answer: it depends on nothing but the configuration, read once. */
let directPolicy: string | undefined;

/**
 * A production request to a route that answers node requests itself (a live story's stream), once
 * its path has been matched by the router: true when it took the request. `secure` sets the
 * headers server.js sets on every answer; `otherwise` hands the request to Express after all.
 */
export function serveDirect(req: IncomingMessage, res: ServerResponse, secure: () => void, otherwise: () => void): boolean {
  if (req.method !== "GET") return false;
  const decision = productionSharing?.known(req.url ?? "/");
  if (!decision?.direct) return false;
  describeRequest(decision.route, decision.logging);
  secure();
  // Nothing it sends runs: no inline script to vouch for. One string for every stream, which each holds with its headers for as long as it is open.
  directPolicy ??= contentSecurityPolicy({ hashes: [] });
  res.setHeader("Content-Security-Policy", directPolicy);
  decision.direct({ req, res, params: decision.params, otherwise });
  return true;
}

/** Renders a shared answer, with no nonce: its inline scripts are vouched for by their hashes. */
async function renderShared(handler: RequestHandler, request: Request, clientIp: string, shared: SharedRequest, outer: [string, string][]): Promise<Rendered> {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientIp, nonce: "" });
  const response = await handler(request, context);
  if (isStreamed(response)) return { streamed: response };
  const body = Buffer.from(await response.arrayBuffer());
  return { response, body, headers: sharedHeaders(outer, shared, response, body) };
}

/** Ends the live streams open on this instance, so that a stopping server is not held open by them; their clients reconnect. */
export function stopStreams(): void {
  livePush.stop();
}

/** Stops the application, once the render of an expired page under way, if any, is over. */
export async function stopApp(): Promise<void> {
  await sharedPages.stop(stopRuntime);
}

/** How React Router renders a shared request, and how Express sends what the cache does not keep. */
function sharedRenderer(req: ExpressRequest, res: ExpressResponse, shared: SharedRequest, handler: RequestHandler): SharedRenderer {
  return {
    prepare() {
      const request = toFetchRequest(req, res, shared.url, { anonymous: true });
      const outer = headerPairs(res.getHeaders());
      return () => renderShared(handler, request, req.ip ?? "unknown", shared, outer);
    },
    sendStreamed: (response) => sendStreamed(req, res, response),
    sendUnkept({ response, body, headers }: WholeAnswer, cacheControl: string) {
      res.status(response.status);
      for (const [name, value] of headers) res.append(name, value);
      res.setHeader("Cache-Control", cacheControl);
      res.setHeader("X-Page-Cache", "miss");
      res.end(req.method === "HEAD" ? undefined : body);
    },
  };
}

/**
 * A streamed answer goes out as it is written, gzipped here when the client takes gzip (the
 * compression middleware's drain handling leaks listeners over a long stream), and is not kept.
 */
async function sendStreamed(req: ExpressRequest, res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  // Nothing it holds runs: no inline script to vouch for.
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(production ? { hashes: [] } : undefined));
  res.setHeader("X-Page-Cache", "miss");
  res.append("Vary", "Accept-Encoding");
  if (!response.body || req.method === "HEAD") {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  if (!acceptsGzip(req.headers["accept-encoding"])) return pipeline(body, res);
  res.setHeader("Content-Encoding", "gzip");
  await pipeline(body, createGzip(), res);
}

async function servePersonal(req: ExpressRequest, res: ExpressResponse, handler: RequestHandler): Promise<void> {
  const nonce = production ? newNonce() : "";
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientIp: req.ip ?? "unknown", nonce });
  const { result: response, change } = await trackPublicChanges(() => handler(toFetchRequest(req, res, req.originalUrl), context));
  if (change !== "nothing" && mutationChangesContent(req.method, response.status)) pageCache.invalidate(change ?? "everything");
  res.status(response.status);
  // A page's own Referrer-Policy (the tip line's no-referrer) replaces the site's, not joins it.
  for (const [key, value] of response.headers) key === "referrer-policy" ? res.setHeader(key, value) : res.append(key, value);
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(production ? { nonce } : undefined));
  // Whatever a route said, an answer rendered for one request is kept by no one else; one that
  // must not be transformed (a stream of events, which compression would hold back) stays so.
  const noTransform = /\bno-transform\b/i.test(response.headers.get("cache-control") ?? "");
  res.setHeader("Cache-Control", noTransform ? "private, no-store, no-transform" : "private, no-store");
  for (const name of OWN_CACHE_HEADERS) res.removeHeader(name);
  if (response.body && req.method !== "HEAD") await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

export const app = express();
app.disable("x-powered-by");

app.all("/{*path}", async (req, res, next) => {
  try {
    // Decided first, so that the log knows how to keep the request before anything is written.
    const decision = await (productionSharing ?? sharingOfBuild(await loadBuild())).of(req.originalUrl);
    describeRequest(decision.route, decision.logging);
    // The default language has one address, the unprefixed one: /en/x is a duplicate of /x.
    const { locale, rest, prefixed } = splitLocalePath(req.path, config().defaultLocale);
    if (prefixed && locale === config().defaultLocale && (req.method === "GET" || req.method === "HEAD")) {
      const queryAt = req.originalUrl.indexOf("?");
      return res.redirect(301, rest + (queryAt === -1 ? "" : req.originalUrl.slice(queryAt)));
    }
    const shared = sharedRequest(req.method, req.originalUrl, req.headers, decision.sharing);
    const handler = handlerOf(req.originalUrl, decision);
    if (shared && !shared.credentialed) return await sharedPages.serve(req, res, shared, sharedRenderer(req, res, shared, handler));
    if (shared && sharedPages.sendStored(req, res, shared)) return;
    await servePersonal(req, res, handler);
  } catch (error) {
    // The reader left before the page was sent (a closed tab, a quick click on): no one to answer,
    // and nothing went wrong here, so it is not logged as an error.
    if (res.destroyed) return;
    next(error);
  }
});
