/**
 * The application as an Express sub-app: per-request CSP and context, then React Router, which
 * serves the pages and the /api resource routes. server.js mounts it in development and production.
 */
import { createHash, randomBytes } from "node:crypto";
import express from "express";
import { createRequestHandler } from "@react-router/express";
import { RouterContextProvider } from "react-router";
import { THEME_SCRIPT } from "~/lib/theme-script";
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

export const app = express();
app.disable("x-powered-by");

app.use((_req, res, next) => {
  const nonce = production ? randomBytes(16).toString("base64") : "";
  res.locals.nonce = nonce;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
  next();
});

const loadBuild = () => import("virtual:react-router/server-build");

app.all(
  "/{*path}",
  createRequestHandler({
    // Production loads the whole build at start, so that replacing build/ on disk under a running
    // server cannot break it; development loads it per request for hot reload.
    build: production ? await loadBuild() : loadBuild,
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(requestInfoContext, { clientIp: req.ip ?? "unknown", nonce: String(res.locals.nonce ?? "") });
      return context;
    },
  }),
);
