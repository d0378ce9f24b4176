// `npm run bench:scale`: a large archive (100,000 articles by default) on a throwaway PostgreSQL, and
// what one client waits for when nothing is cached (issue 11 §6): the home page, categories, /news,
// search, the back office's list, a sitemap file, and the server's start-up. The page cache is off
// (PAGE_CACHE_MB=0), so every request renders. Appends to bench/results.jsonl and rewrites
// docs/performance.md.
//
//   npm run bench:scale -- [--articles N] [--pglite] [--requests 200]
import os from "node:os";
import { parseArgs } from "node:util";
import { writePerformanceDoc } from "./report.js";
import { startCluster } from "../tests/support/postgres-cluster.mjs";
import { newDataDir, percentiles, prepareBuild, record, removeDataDir, seedArchive, signIn, startServer } from "./support.js";

const { values: options } = parseArgs({
  options: {
    articles: { type: "string", default: "100000" },
    pglite: { type: "boolean", default: false },
    requests: { type: "string", default: "200" },
  },
});
const ARTICLES = Number(options.articles);
const REQUESTS = Number(options.requests);

prepareBuild();

/** `REQUESTS` requests one after another, walking through `paths`; latency percentiles in ms. */
async function sequential(base, paths, headers = {}) {
  const latencies = [];
  let errors = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const res = await fetch(base + paths[i % paths.length], { headers });
    await res.arrayBuffer();
    if (res.ok) latencies.push(performance.now() - started);
    else errors += 1;
  }
  return { requests: REQUESTS, ...percentiles(latencies, [0.5, 0.95, 0.99]), errors };
}

function judged(result, target, key, limit) {
  return { ...result, target, met: result[key] < limit && result.errors === 0 };
}

const dataDir = newDataDir();
const cluster = options.pglite ? undefined : await startCluster();
cluster?.createDatabase("scale");
const target = { dataDir, databaseUrl: cluster?.url("scale") };
let server;
try {
  const seedStarted = Date.now();
  seedArchive(target, ARTICLES);
  const seedMs = Date.now() - seedStarted;
  server = await startServer(target, { PAGE_CACHE_MB: "0" });
  const base = server.base;
  const rssAfterBoot = server.rssMb();

  // First, so that the peak it leaves is its own: a file of 25,000 articles is written as it is read.
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
    rss_mb_before: rssAfterBoot,
    peak_rss_mb_after: server.peakRssMb(),
  };

  const { articles } = await (await fetch(`${base}/api/news?limit=100`)).json();
  const categories = await (await fetch(`${base}/api/categories`)).json();
  const words = [...new Set(articles.flatMap((a) => a.title.split(/[\s:,.]+/u).filter((w) => [...w].length >= 4)))];
  const admin = { cookie: (await signIn(base)).cookie };
  const pages = Math.floor(ARTICLES / 20);

  const results = {
    home: judged(await sequential(base, ["/", "/ne"]), "p95 < 50 ms", "p95_ms", 50),
    category: judged(await sequential(base, categories.map((c) => `/category/${encodeURIComponent(c.slug)}`)), "p95 < 50 ms", "p95_ms", 50),
    news_pages: judged(await sequential(base, Array.from({ length: 50 }, (_, i) => `/news?page=${1 + i * 7}`)), "p95 < 50 ms", "p95_ms", 50),
    search_distinct: judged(await sequential(base, words.map((w) => `/api/news?search=${encodeURIComponent(w)}`)), "p99 < 100 ms", "p99_ms", 100),
    admin_list: judged(
      await sequential(base, ["/admin/articles", `/admin/articles?page=${Math.floor(pages / 2)}`, `/admin/articles?page=${pages}`, "/admin/articles?search=procurement", "/admin/articles?status=draft"], admin),
      "p95 < 100 ms",
      "p95_ms",
      100,
    ),
  };
  results.sitemap_file = sitemapFile;
  const peak = server.peakRssMb();
  await server.stop();

  // Start-up on the filled database, as after a deploy.
  const again = await startServer(target);
  const startupMs = again.startupMs;
  await again.stop();
  results.start_up = { requests: 1, p50_ms: startupMs, p95_ms: null, p99_ms: null, errors: 0, target: "< 5 s", met: startupMs < 5000 };

  record({ kind: "scale", database: options.pglite ? "pglite" : "postgres", articles: ARTICLES, seed_ms: seedMs, results, server_rss_mb: { peak }, server_startup_ms: startupMs });
  console.log(JSON.stringify(results, null, 2));
  writePerformanceDoc(`${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"}), ${Math.round(os.totalmem() / 1024 ** 3)} GB, Node ${process.version}`);
} finally {
  await server?.stop();
  cluster?.stop();
  removeDataDir(dataDir);
}
