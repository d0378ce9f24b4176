// What one client waits for from a large archive when nothing is cached (issue 11 §6): a sitemap
// file, the home page, categories, /news, search and the back office's list, one request after
// another. Used by `npm run bench:scale` (bench/scale.js) and `npm run bench:compare`
// (bench/compare.js), which asks the same paths of an older build and of this one. The server is
// started with PAGE_CACHE_MB=0 (UNCACHED), so that every request renders.
import { percentiles, signIn } from "./support.js";

export const UNCACHED = { PAGE_CACHE_MB: "0" };

/**
 * `requests` requests one after another, walking through `paths`, on each of `bases`; latency
 * percentiles in ms, one result per base. With several bases (bench:compare's older build and this
 * one) they take turns request by request, so that whatever else the machine does weighs on both.
 */
async function sequential(bases, paths, requests, headers = []) {
  const latencies = bases.map(() => []);
  const errors = bases.map(() => 0);
  for (let i = 0; i < requests; i++) {
    for (const [b, base] of bases.entries()) {
      const started = performance.now();
      const res = await fetch(base + paths[i % paths.length], { headers: headers[b] ?? {} });
      await res.arrayBuffer();
      if (res.ok) latencies[b].push(performance.now() - started);
      else errors[b] += 1;
    }
  }
  return bases.map((_, b) => ({ requests, ...percentiles(latencies[b], [0.5, 0.95, 0.99]), errors: errors[b] }));
}

function judged(result, target, key, limit) {
  return { ...result, target, met: result[key] < limit && result.errors === 0 };
}

/** The paths asked for, from the archive as the public API lists it. */
export async function uncachedPaths(base, articleCount) {
  const { articles } = await (await fetch(`${base}/api/news?limit=100`)).json();
  const categories = await (await fetch(`${base}/api/categories`)).json();
  const words = [...new Set(articles.flatMap((a) => a.title.split(/[\s:,.]+/u).filter((w) => [...w].length >= 4)))];
  const pages = Math.floor(articleCount / 20);
  return {
    home: ["/", "/ne"],
    category: categories.map((c) => `/category/${encodeURIComponent(c.slug)}`),
    news_pages: Array.from({ length: 50 }, (_, i) => `/news?page=${1 + i * 7}`),
    search_distinct: words.map((w) => `/api/news?search=${encodeURIComponent(w)}`),
    admin_list: ["/admin/articles", `/admin/articles?page=${Math.floor(pages / 2)}`, `/admin/articles?page=${pages}`, "/admin/articles?search=procurement", "/admin/articles?status=draft"],
  };
}

/** The first articles sitemap file, asked of a freshly started server: the memory peak it leaves is its own. */
async function sitemapFile(server) {
  const rssBefore = server.rssMb();
  const started = performance.now();
  const sitemap = await fetch(`${server.base}/sitemap/articles-1.xml`);
  const bytes = (await sitemap.arrayBuffer()).byteLength;
  return {
    requests: 1,
    p50_ms: +(performance.now() - started).toFixed(1),
    p95_ms: null,
    p99_ms: null,
    errors: sitemap.ok ? 0 : 1,
    bytes,
    rss_mb_before: rssBefore,
    peak_rss_mb_after: server.peakRssMb(),
  };
}

/**
 * On each of `servers`, freshly started: the first articles sitemap file (a file of 25,000 articles
 * is written as it is read), then each of `paths` `requests` times, the servers taking turns. One
 * result object per server.
 */
export async function measureUncached(servers, paths, requests) {
  const sitemaps = [];
  for (const server of servers) sitemaps.push(await sitemapFile(server));
  const bases = servers.map((server) => server.base);
  const admin = [];
  for (const base of bases) admin.push({ cookie: (await signIn(base)).cookie });
  const scenarios = {
    home: [await sequential(bases, paths.home, requests), "p95 < 50 ms", "p95_ms", 50],
    category: [await sequential(bases, paths.category, requests), "p95 < 50 ms", "p95_ms", 50],
    news_pages: [await sequential(bases, paths.news_pages, requests), "p95 < 50 ms", "p95_ms", 50],
    search_distinct: [await sequential(bases, paths.search_distinct, requests), "p99 < 100 ms", "p99_ms", 100],
    admin_list: [await sequential(bases, paths.admin_list, requests, admin), "p95 < 100 ms", "p95_ms", 100],
  };
  return servers.map((_, i) => ({
    ...Object.fromEntries(Object.entries(scenarios).map(([name, [results, ...target]]) => [name, judged(results[i], ...target)])),
    sitemap_file: sitemaps[i],
  }));
}

/** A start-up result in the shape of the others, judged against issue 11's five seconds. */
export const startUpResult = (startupMs) => ({ requests: 1, p50_ms: startupMs, p95_ms: null, p99_ms: null, errors: 0, target: "< 5 s", met: startupMs < 5000 });
