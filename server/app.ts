/**
 * The application as an Express sub-app: React Router serves the pages and the /api resource
 * routes, behind the public-page cache and a per-response Content Security Policy. server.js mounts
 * it in development and production.
 */
import { createHash, randomBytes } from "node:crypto";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import { RouterContextProvider, createRequestHandler } from "react-router";
import { splitLocalePath } from "~/lib/i18n";
import { THEME_SCRIPT } from "~/lib/theme-script";
import { config } from "~/server/config";
import {
  type CachedPage,
  type FinishRender,
  PUBLIC_PAGE_CACHE_CONTROL,
  etagOf,
  isPublicPagePath,
  mutationChangesContent,
  pageCache,
} from "~/server/page-cache";
import { requestInfoContext } from "~/server/request-context";
import { startApp, stopApp } from "~/server/runtime";

export { startApp, stopApp };

const production = process.env.NODE_ENV === "production";
const themeScriptHash = `'sha256-${createHash("sha256").update(THEME_SCRIPT).digest("base64")}'`;

/** No third-party origin anywhere: readers may be watched (DESIGN "Privacy"). */
function contentSecurityPolicy(nonce: string): string {
  const scripts = production ? `'self' 'nonce-${nonce}' ${themeScriptHash}` : `'self' 'unsafe-inline'`;
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "media-src 'self' https:",
    "font-src 'self'",
    "connect-src 'self'" + (production ? "" : " ws: wss:"),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

const loadBuild = () => import("virtual:react-router/server-build");
// Production loads the whole build at start, so that replacing build/ on disk under a running
// server cannot break it; development loads it per request for hot reload.
const handleRequest = production
  ? createRequestHandler(await loadBuild(), "production")
  : createRequestHandler(loadBuild, "development");

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

function sendCached(req: ExpressRequest, res: ExpressResponse, page: CachedPage, hit: boolean): void {
  res.status(page.status);
  for (const [key, value] of page.headers) res.append(key, value);
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(page.nonce));
  res.setHeader("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
  res.setHeader("ETag", page.etag);
  res.setHeader("X-Page-Cache", hit ? "hit" : "miss");
  if (req.headers["if-none-match"] === page.etag) {
    res.status(304).end();
    return;
  }
  res.end(req.method === "HEAD" ? undefined : Buffer.from(page.body));
}

/** Only whole, shared, successful page renders are kept: no cookies set, nothing personal. */
function cacheable(req: ExpressRequest, response: Response, publicPage: boolean): boolean {
  return (
    req.method === "GET" &&
    publicPage &&
    response.status === 200 &&
    !response.headers.has("set-cookie") &&
    /^(text\/html|text\/x-script)/.test(response.headers.get("content-type") ?? "")
  );
}

export const app = express();
app.disable("x-powered-by");

app.all("/{*path}", async (req, res, next) => {
  try {
    // The default language has one address, the unprefixed one: /en/x is a duplicate of /x.
    const { locale, rest, prefixed } = splitLocalePath(req.path, config().defaultLocale);
    if (prefixed && locale === config().defaultLocale && (req.method === "GET" || req.method === "HEAD")) {
      const queryAt = req.originalUrl.indexOf("?");
      return res.redirect(301, rest + (queryAt === -1 ? "" : req.originalUrl.slice(queryAt)));
    }
    // An admin's ?preview is personal (it may show a draft): never shared, never cached.
    const publicPage = (req.method === "GET" || req.method === "HEAD") && isPublicPagePath(req.path) && !("preview" in req.query);
    let finishRender: FinishRender | undefined;
    if (publicPage) {
      const key = req.originalUrl;
      const cached = pageCache.get(key) ?? (req.method === "GET" ? await pageCache.pending(key) : undefined);
      if (cached) return sendCached(req, res, cached, true);
      if (req.method === "GET") finishRender = pageCache.begin(key);
    }

    const nonce = production ? randomBytes(16).toString("base64") : "";
    let response: Response;
    try {
      const context = new RouterContextProvider();
      context.set(requestInfoContext, { clientIp: req.ip ?? "unknown", nonce });
      response = await handleRequest(toFetchRequest(req, res), context);

      if (mutationChangesContent(req.method, req.path, response.status)) pageCache.invalidate();

      if (cacheable(req, response, publicPage)) {
        const body = new Uint8Array(await response.arrayBuffer());
        const page: CachedPage = { status: response.status, headers: [...response.headers], body, etag: etagOf(body), nonce };
        finishRender?.(page);
        finishRender = undefined;
        return sendCached(req, res, page, false);
      }
    } finally {
      finishRender?.(null);
    }

    res.status(response.status);
    for (const [key, value] of response.headers) res.append(key, value);
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    // A public page that is not kept here (a 404, a HEAD) may still be cached briefly by a proxy.
    if (!res.hasHeader("Cache-Control")) {
      res.setHeader("Cache-Control", publicPage ? "public, max-age=0, s-maxage=30" : "private, no-store");
    }
    if (response.body && req.method !== "HEAD") await writeReadableStreamToWritable(response.body, res);
    else res.end();
  } catch (error) {
    // The reader left before the page was sent (a closed tab, a quick click on): no one to answer,
    // and nothing went wrong here, so it is not logged as an error.
    if (res.destroyed) return;
    next(error);
  }
});
