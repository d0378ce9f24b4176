// `npm run bench`: what readers, apps and editors get from one server on this machine, against a
// bare node:http server measured in the same run (issue 11 §1). Load comes from wrk in a process
// of its own. Seeds an archive (2,000 articles by default) with `npm run seed`, then measures the
// cached pages, the public API, search (repeated, 200 distinct, and never repeated) and reads
// during a burst of article saves, each without and with `Accept-Encoding: br, gzip`. Appends to
// bench/results.jsonl and writes docs/performance.md.
//
//   npm run bench -- [--articles N] [--postgres]
//   BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_THREADS tune each wrk run (10 s, 20, 2).
import os from "node:os";
import { parseArgs } from "node:util";
import { writePerformanceDoc } from "./report.js";
import { startCluster } from "../tests/support/postgres-cluster.mjs";
import {
  ADMIN,
  CONNECTIONS,
  MIN_BARE_REQUESTS_PER_SECOND,
  SECONDS,
  THREADS,
  ensureWrk,
  newDataDir,
  record,
  removeDataDir,
  requireBuild,
  seedArchive,
  startBare,
  startServer,
  summary,
  wrk,
} from "./support.js";

const { values: options } = parseArgs({
  options: { articles: { type: "string", default: "2000" }, postgres: { type: "boolean", default: false } },
});
const ARTICLES = Number(options.articles);
const WRITERS = 8;
const ENCODINGS = { identity: {}, br_gzip: { "Accept-Encoding": "br, gzip" } };

requireBuild();
ensureWrk();

async function json(url, init) {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? "GET"} ${url}: ${res.status}`);
  return res.json();
}

/** Published articles, newest first, as the public API lists them. */
async function publishedArticles(base, count) {
  const found = [];
  for (let page = 1; found.length < count; page++) {
    const { articles } = await json(`${base}/api/news?limit=100&page=${page}`);
    if (articles.length === 0) break;
    found.push(...articles);
  }
  return found.slice(0, count);
}

/**
 * Search words as readers would type them, from the archive's own titles and excerpts: single
 * words, then pairs of neighbouring words (so that both occur together somewhere).
 */
function searchQueries(articles) {
  const words = (text) => text.split(/[\s:,.'‘’"“”()?!|…–—-]+/u).filter((w) => [...w].length >= 4).map((w) => w.toLowerCase());
  const texts = articles.flatMap((a) => [a.title, a.excerpt]);
  const single = new Set(texts.flatMap(words));
  const pairs = new Set(texts.flatMap((text) => {
    const w = words(text);
    return w.slice(1).map((second, i) => `${w[i]} ${second}`);
  }));
  return [...single, ...pairs];
}

const searchPath = (query) => `/api/news?search=${encodeURIComponent(query)}`;

/**
 * Editors saving articles in a loop, one article each, until `until`; their own figures. Each save
 * adds a paragraph at the end of the article's body as it was: a correction further down a story,
 * the usual edit while it breaks.
 */
async function saveLoop(base, token, slugs, until) {
  const latencies = [];
  let errors = 0;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  await Promise.all(
    slugs.map(async (slug, editor) => {
      const address = `${base}/api/news/${encodeURIComponent(slug)}`;
      const { content } = await json(address, { headers });
      for (let revision = 0; Date.now() < until; revision++) {
        const started = performance.now();
        const res = await fetch(address, {
          method: "PUT",
          headers,
          body: JSON.stringify({ content: `${content}<p>Correction ${revision} by editor ${editor}: the figures were checked again against the ledger.</p>` }),
        });
        await res.arrayBuffer();
        if (res.ok) latencies.push(performance.now() - started);
        else errors += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => +(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1);
  return { saves_per_second: Math.round(latencies.length / SECONDS), p50_ms: at(0.5), p99_ms: at(0.99), errors };
}

const dataDir = newDataDir();
const cluster = options.postgres ? await startCluster() : undefined;
if (cluster) cluster.createDatabase("bench");
const target = { dataDir, databaseUrl: cluster?.url("bench") };
let server;
let bare;
try {
  seedArchive(target, ARTICLES);
  server = await startServer(target);
  await new Promise((r) => setTimeout(r, 1000));
  const rssAfterBoot = server.rssMb();
  const base = server.base;

  const articles = await publishedArticles(base, 2000);
  const hot = `/article/${encodeURIComponent(articles[0].slug)}`;
  const rotation = articles.slice(0, 200).map((a) => `/article/${encodeURIComponent(a.slug)}`);
  const categories = await json(`${base}/api/categories`);
  const category = `/category/${encodeURIComponent(categories[0].slug)}`;
  const queries = searchQueries(articles);
  const reads = {
    hot_article: { path: hot },
    rotation_200_articles: { paths: rotation },
    home: { path: "/" },
    category: { path: category },
    news: { path: "/news" },
    api_news_limit_5: { path: "/api/news?limit=5" },
    api_news_article: { path: `/api/news/${encodeURIComponent(articles[1].slug)}` },
    search_en: { path: searchPath("procurement") },
    search_ne: { path: searchPath("अख्तियार") },
    search_200_distinct: { paths: queries.slice(0, 200).map(searchPath) },
    // Every request a query not asked before in this run: no cache can answer it.
    search_never_repeated: { paths: queries.map(searchPath), unique: true },
  };
  // Cached answers are measured as readers meet them after the first reader: warm them once.
  for (const { path: one, paths, unique } of Object.values(reads)) {
    if (unique) continue;
    for (const p of paths ?? [one]) await (await fetch(base + p)).arrayBuffer();
  }

  bare = await startBare();
  const bareBefore = summary(await wrk(bare.url));
  const results = {};
  for (const [encoding, headers] of Object.entries(ENCODINGS)) {
    for (const [name, { path: one, paths, unique }] of Object.entries(reads)) {
      // A never-repeated query must stay so in the second encoding too.
      const list = unique ? paths.slice(encoding === "identity" ? 0 : Math.floor(paths.length / 2)) : paths;
      const stats = await wrk(base + (one ?? "/"), { headers, paths: list });
      results[`${name}.${encoding}`] = { ...summary(stats), ...(unique ? { distinct_queries_available: list.length, requests: stats.requests } : {}) };
      console.log(name, encoding, JSON.stringify(results[`${name}.${encoding}`]));
    }
  }

  // Reads of a hot article while editors save: drafts (the newsroom's usual write), then corrections to published stories.
  const { token } = await json(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  const writers = await json(`${base}/api/writers`);
  const drafts = [];
  for (let i = 0; i < WRITERS; i++) {
    const draft = await json(`${base}/api/news`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ title: `Bench draft ${i} ${Date.now()}`, content: `<p>${articles[20 + i].excerpt}</p>`, writer_id: writers[0].id, is_published: false }),
    });
    drafts.push(draft.slug);
  }
  const burst = {};
  for (const [kind, slugs] of Object.entries({ drafts, corrections: articles.slice(10, 10 + WRITERS).map((a) => a.slug) })) {
    await (await fetch(base + hot)).arrayBuffer();
    const until = Date.now() + SECONDS * 1000;
    const [readers, saves] = await Promise.all([wrk(base + hot), saveLoop(base, token, slugs, until)]);
    burst[`saving_${kind}`] = { readers_hot_article: summary(readers), saves };
    console.log(`saving ${kind}`, JSON.stringify(burst[`saving_${kind}`]));
  }
  const bareAfter = summary(await wrk(bare.url));
  const peakRss = server.peakRssMb();

  const bareRate = Math.min(bareBefore.requests_per_second, bareAfter.requests_per_second);
  if (bareRate < MIN_BARE_REQUESTS_PER_SECOND) {
    console.error(
      `The bare node:http server managed only ${bareRate} requests a second (at least ${MIN_BARE_REQUESTS_PER_SECOND} expected): ` +
        "the load generator or a busy machine was the limit, so these figures would not describe the server. Nothing recorded.",
    );
    process.exitCode = 1;
  } else {
    const ratio = (entry) => ({ ...entry, x_bare: +(entry.requests_per_second / bareRate).toFixed(3) });
    for (const key of Object.keys(results)) results[key] = ratio(results[key]);
    for (const key of Object.keys(burst)) burst[key].readers_hot_article = ratio(burst[key].readers_hot_article);
    record({
      kind: "readers",
      database: options.postgres ? "postgres" : "pglite",
      articles: ARTICLES,
      bare_node_http: { before: bareBefore, after: bareAfter },
      results,
      write_burst: burst,
      server_rss_mb: { after_boot: rssAfterBoot, peak: peakRss },
      server_startup_ms: server.startupMs,
    });
    const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"}), ${Math.round(os.totalmem() / 1024 ** 3)} GB, Node ${process.version}, wrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s`;
    writePerformanceDoc(machine);
    console.log("Recorded in bench/results.jsonl; table in docs/performance.md");
  }
} finally {
  await bare?.stop();
  await server?.stop();
  cluster?.stop();
  removeDataDir(dataDir);
}
