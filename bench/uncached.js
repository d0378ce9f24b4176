// What one client waits for from a large archive when nothing is cached (issue 11 §6): a sitemap
// file, the home page, categories, /news, search and the back office's list, one request after
// another. Used by `npm run bench:scale` (bench/scale.js) and `npm run bench:compare`
// (bench/compare.js), which asks the same paths of an older build and of this one. The server is
// started with PAGE_CACHE_MB=0 (UNCACHED), so that every request renders.
import { percentiles, signIn } from "./support.js";

export const UNCACHED = { PAGE_CACHE_MB: "0" };

/** `requests` requests one after another, walking through `paths`; latency percentiles in ms. */
async function sequential(base, paths, requests, headers = {}) {
  const latencies = [];
  let errors = 0;
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const res = await fetch(base + paths[i % paths.length], { headers });
    await res.arrayBuffer();
    if (res.ok) latencies.push(performance.now() - started);
    else errors += 1;
  }
  return { requests, ...percentiles(latencies, [0.5, 0.95, 0.99]), errors };
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

/**
 * The first articles sitemap file, then each of `paths` `requests` times, on `server` freshly
 * started (the sitemap comes first so that the memory peak it leaves is its own: a file of 25,000
 * articles is written as it is read).
 */
export async function measureUncached(server, paths, requests) {
  const base = server.base;
  const rssBefore = server.rssMb();
  const sitemapStarted = performance.now();
  const sitemap = await fetch(`${base}/sitemap/articles-1.xml`);
  const sitemapBytes = (await sitemap.arrayBuffer()).byteLength;
  const sitemapMs = +(performance.now() - sitemapStarted).toFixed(1);
  const sitemapFile = {
    requests: 1,
    p50_ms: sitemapMs,
    p95_ms: null,
    p99_ms: null,
    errors: sitemap.ok ? 0 : 1,
    bytes: sitemapBytes,
    rss_mb_before: rssBefore,
    peak_rss_mb_after: server.peakRssMb(),
  };
  const admin = { cookie: (await signIn(base)).cookie };
  const results = {
    home: judged(await sequential(base, paths.home, requests), "p95 < 50 ms", "p95_ms", 50),
    category: judged(await sequential(base, paths.category, requests), "p95 < 50 ms", "p95_ms", 50),
    news_pages: judged(await sequential(base, paths.news_pages, requests), "p95 < 50 ms", "p95_ms", 50),
    search_distinct: judged(await sequential(base, paths.search_distinct, requests), "p99 < 100 ms", "p99_ms", 100),
    admin_list: judged(await sequential(base, paths.admin_list, requests, admin), "p95 < 100 ms", "p95_ms", 100),
  };
  results.sitemap_file = sitemapFile;
  return results;
}

/** A start-up result in the shape of the others, judged against issue 11's five seconds. */
export const startUpResult = (startupMs) => ({ requests: 1, p50_ms: startupMs, p95_ms: null, p99_ms: null, errors: 0, target: "< 5 s", met: startupMs < 5000 });
