// The HTTP server: security headers, compression, static files and graceful shutdown around the
// application in server/app.ts. Plain JavaScript so that `node server.js` needs no build step itself.
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

const production = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

const server = express();
server.disable("x-powered-by");
// Behind a reverse proxy or CDN, req.ip must come from X-Forwarded-For (rate limits key on it).
// A number of hops must reach Express as a number: the string "1" is read as the address 0.0.0.1.
const trustProxy = process.env.TRUST_PROXY;
if (trustProxy) server.set("trust proxy", /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy === "true" ? true : trustProxy);
// "same-origin": other sites never learn which article a reader came from, and our own form posts
// still carry a real Origin (under "no-referrer" Chromium sends "Origin: null", which fails CSRF checks).
const securityHeaders = helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, referrerPolicy: { policy: "same-origin" } });
server.use(securityHeaders);
server.use(compression());

let build;
let viteDevServer;
if (production) {
  // Scripts and styles go out as the build compressed them (vite-plugins/precompressed-assets.ts).
  server.use(
    "/assets",
    expressStaticGzip(path.join(buildDir, "client/assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y" },
    }),
  );
  // The few files of public/ (favicon, logo, placeholder): looked for on disk only when asked for
  // by name, not before every page and API request.
  const publicFiles = new Set(readdirSync(path.join(buildDir, "client")).map((name) => `/${name}`));
  // The placeholder that stands in for every missing picture (docs/product.md#messages-and-notifications) is on many pages a reader
  // opens, and its address cannot carry a version: a month, where the logo and icon keep an hour.
  const publicStatic = express.static(path.join(buildDir, "client"), {
    maxAge: "1h",
    index: false,
    setHeaders: (res, file) => {
      if (path.basename(file) === "placeholder.jpg") res.setHeader("Cache-Control", "public, max-age=2592000");
    },
  });
  server.use((req, res, next) => (publicFiles.has(req.path) ? publicStatic(req, res, next) : next()));
  try {
    build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
  } catch (error) {
    // The configuration is read as the build loads: a bad setting is one line, not a stack trace.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  server.use("/uploads", build.uploadsHandler());
  server.use(build.app);
} else {
  const vite = await import("vite");
  viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteDevServer.middlewares);
  build = await viteDevServer.ssrLoadModule("./server/app.ts");
  server.use("/uploads", build.uploadsHandler());
  server.use(async (req, res, next) => {
    try {
      const module = await viteDevServer.ssrLoadModule("./server/app.ts");
      return module.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
}

server.use(build.requestFailed);

try {
  await build.startApp();
} catch (error) {
  // One line that says what is wrong (issue 16): a stack trace is for us, not for an operator.
  console.error(build.startupMessage(error));
  await build.stopApp().catch(() => undefined);
  build.flushLog();
  process.exit(1);
}

// A public answer already in the cache needs none of Express's work (routing, compression, static
// files, security headers): it was stored with its headers and encodings, and goes out at once.
const serveFromCache = production ? build.serveFromCache : () => false;
// A route that answers its requests itself (a live story's stream, held open by thousands) gets
// them before Express too, with the same security headers; what it cannot answer goes to Express.
const serveDirect = production ? build.serveDirect : () => false;
// Every request gets an id (kept from a proxy in front when it sent one), returned as X-Request-Id
// and carried by every log line written while it is handled; one line logs its outcome.
// What the log keeps of the request (its route's pattern, and whether it is timed or only counted
// by the hour) is filled in on its scope once the router has matched it (server/app.ts).
// A cache hit is given the id with its stored headers, in one list: a header set on the response
// beforehand makes Node copy every stored name and value into a table of its own (docs/decisions.md).
const httpServer = http.createServer((req, res) => {
  const scope = build.requestScopeOf(req.headers["x-request-id"]);
  const started = process.hrtime.bigint();
  res.once("finish", () => build.withinRequest(scope, () => build.requestFinished(req.method, req.url, res.statusCode, started)));
  build.withinRequest(scope, () => {
    if (req.url !== "/metrics" && serveFromCache(req, res, scope.id)) return;
    res.setHeader("X-Request-Id", scope.id);
    if (req.url === "/metrics") void build.serveMetrics(req, res);
    else if (!serveDirect(req, res, () => securityHeaders(req, res, () => undefined), () => server(req, res))) server(req, res);
  });
});
httpServer.once("error", async (error) => {
  console.error(`Cannot serve on ${host}:${port}: ${error.message}`);
  await build.stopApp();
  build.flushLog();
  process.exit(1);
});
httpServer.listen(port, host, () => {
  build.log.info(`Serving on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

// SIGTERM (a deploy, a container stop): stop accepting, let in-flight requests finish, close the database.
let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  build.log.info(`${signal} received: finishing in-flight requests`);
  // Streams of live updates never finish on their own: ended now, their readers reconnect to another instance.
  build.stopStreams();
  const forced = setTimeout(() => {
    build.log.warn("Requests did not finish within 10 s; closing anyway");
    httpServer.closeAllConnections();
  }, 10_000);
  forced.unref();
  httpServer.close(async () => {
    await viteDevServer?.close();
    await build.stopApp();
    build.log.info("Stopped cleanly");
    build.flushLog();
    process.exit(0);
  });
  // A keep-alive socket whose last request just finished would otherwise hold the exit for seconds.
  httpServer.closeIdleConnections();
  setInterval(() => httpServer.closeIdleConnections(), 100).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
