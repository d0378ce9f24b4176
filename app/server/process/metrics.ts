/**
 * Prometheus metrics (issue 16), served at `/metrics` only when `METRICS_TOKEN` is set and only to
 * a client that sends it as a bearer token: requests per route and status, their durations, the
 * page cache's hits and misses, the database pool's connections and waiting queries, the open
 * live streams, and the
 * process's own (memory, event-loop lag, CPU) from prom-client's defaults.
 */
import { timingSafeEqual } from "node:crypto";
import { readdir } from "node:fs/promises";
import type { Pool } from "pg";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { LOCALES } from "~/lib/i18n";

const registry = new Registry();
collectDefaultMetrics({ register: registry });

/**
 * prom-client's defaults that list every handle, resource or descriptor of the process on the
 * thread that answers readers, at each scrape: with 5,000 live streams open, 20–39 ms a scrape
 * (measured), a stall every scrape interval in every reader's tail. The handles and resources go
 * (`live_streams_open` and the requests' own metrics say what they counted); the descriptors are
 * counted by a directory read on libuv's pool, where the scrape waits for it but readers do not.
 */
for (const name of ["nodejs_active_handles", "nodejs_active_handles_total", "nodejs_active_resources", "nodejs_active_resources_total", "process_open_fds"]) {
  registry.removeSingleMetric(name);
}
new Gauge({
  name: "process_open_fds",
  help: "Number of open file descriptors.",
  registers: [registry],
  async collect() {
    try {
      this.set((await readdir("/proc/self/fd")).length - 1);
    } catch {
      // No /proc (not Linux): the metric stays unset, as prom-client's own did.
    }
  },
});

const requests = new Counter({ name: "http_requests_total", help: "Requests answered, by method, route and status.", labelNames: ["method", "route", "status"], registers: [registry] });
const durations = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to answer a request, by method and route.",
  labelNames: ["method", "route"],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});
const pageCache = new Counter({ name: "page_cache_requests_total", help: "Shared answers looked up in the page cache, by result (hit or miss).", labelNames: ["result"], registers: [registry] });

/** The words of our addresses that name a thing, not one of many: kept in a route label as they are. */
const STATIC_SEGMENTS = new Set([
  "api", "news", "revisions", "compare", "restore", "review", "return", "notes", "comments", "approve", "translation", "users", "me", "bookmarks",
  "logout", "register", "admin", "login", "session", "categories", "tags", "writers", "upload", "newsletter", "reads", "corrections", "audit",
  "health", "ready", "feeds", "sitemap", "article", "category", "writer", "tag", "search", "about", "contact", "support", "tips", "edit", "new",
  "articles", "dashboard", "assets", "uploads", "rss.xml", "atom.xml", "sitemap.xml", "robots.txt",
]);
const LOCALE_PREFIX = new RegExp(`^/(?:${LOCALES.join("|")})(?=/|$)`);

/**
 * A request's route as a label of few values: the language prefix and `.data` dropped, and every
 * segment that is not one of our words (a slug, an id) written `:id`, so that a crawler walking the
 * archive does not make a time series per article.
 */
export function routeLabel(url: string | undefined): string {
  const path = (url ?? "/").split("?")[0]!.replace(LOCALE_PREFIX, "").replace(/\.data$/, "") || "/";
  if (path.startsWith("/assets/")) return "/assets/:file";
  if (path.startsWith("/uploads/")) return "/uploads/:file";
  const segments = path.split("/").filter(Boolean).slice(0, 6);
  return `/${segments.map((segment) => (STATIC_SEGMENTS.has(segment) ? segment : ":id")).join("/")}`;
}

export function observeRequest(method: string | undefined, url: string | undefined, status: number, seconds: number): void {
  const route = routeLabel(url);
  requests.inc({ method, route, status: String(status) });
  durations.observe({ method, route }, seconds);
}

export function countPageCache(hit: boolean): void {
  pageCache.inc({ result: hit ? "hit" : "miss" });
}

/** The pool's connections and the queries waiting for one, read when scraped. */
export function watchPool(pool: Pool): void {
  registry.removeSingleMetric("db_pool_connections");
  registry.removeSingleMetric("db_pool_waiting");
  new Gauge({
    name: "db_pool_connections",
    help: "Database connections, by state (idle or busy).",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "busy" }, pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({ name: "db_pool_waiting", help: "Queries waiting for a database connection.", registers: [registry], collect() { this.set(pool.waitingCount); } });
}

/** The live stories' streams open on this instance (services/live-push.ts), read when scraped. */
export function watchLiveStreams(count: () => number): void {
  registry.removeSingleMetric("live_streams_open");
  new Gauge({ name: "live_streams_open", help: "Live updates streams (server-sent events) open on this instance.", registers: [registry], collect() { this.set(count()); } });
}

/** `/metrics`: 404 when off, 401 without the token, the metrics with it. */
export async function metricsResponse(token: string | undefined, authorization: string | undefined): Promise<{ status: number; type: string; body: string }> {
  if (!token) return { status: 404, type: "text/plain", body: "Not found\n" };
  const given = Buffer.from(authorization?.replace(/^Bearer\s+/i, "") ?? "");
  const wanted = Buffer.from(token);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return { status: 401, type: "text/plain", body: "Unauthorized\n" };
  return { status: 200, type: registry.contentType, body: await registry.metrics() };
}
