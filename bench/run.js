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
  CONNECTIONS,
  MIN_BARE_REQUESTS_PER_SECOND,
  SECONDS,
  THREADS,
  ensureWrk,
  json,
  newDataDir,
  percentiles,
  prepareBuild,
  publishedArticles,
  record,
  removeDataDir,
  searchPath,
  searchQueries,
  seedArchive,
  signIn,
  startBare,
  startServer,
  summary,
  wrk,
} from "./support.js";

const { values: options } = parseArgs({
  options: { articles: { type: "string", default: "2000" }, postgres: { type: "boolean", default: false } },
});
const ARTICLES = Number(options.articles);
// 200 articles in rotation, and published stories for the editors to correct, beside them.
if (!Number.isInteger(ARTICLES) || ARTICLES < 300) {
  console.error(`--articles takes a whole number of at least 300, not "${options.articles}"`);
  process.exit(2);
}
const EDITORS = 8;
const ENCODINGS = { identity: {}, br_gzip: { "Accept-Encoding": "br, gzip" } };

prepareBuild();
ensureWrk();

/** Says so when a bare node:http server was not saturated: the figures would be the generator's. */
function slowBaseline(requestsPerSecond) {
  if (requestsPerSecond >= MIN_BARE_REQUESTS_PER_SECOND) return false;
  console.error(
    `The bare node:http server managed only ${requestsPerSecond} requests a second (at least ${MIN_BARE_REQUESTS_PER_SECOND} expected): ` +
      "the load generator or a busy machine was the limit, so these figures would not describe the server. Nothing recorded.",
  );
  process.exitCode = 1;
  return true;
}

/**
 * Editors saving in a loop until `until`, each their own article, as the back office does: signed
 * in by cookie, with the Origin the CSRF check wants, and the `updated_at` of their last save. Each
 * save adds a paragraph at the end of the body as it was: a correction further down a story, the
 * usual edit while it breaks.
 */
async function saveLoop(base, session, slugs, until) {
  const latencies = [];
  let errors = 0;
  const headers = { cookie: session.cookie, origin: session.origin, "content-type": "application/json" };
  await Promise.all(
    slugs.map(async (slug, editor) => {
      const address = `${base}/api/news/${encodeURIComponent(slug)}`;
      const loaded = await json(address, { headers });
      let updatedAt = loaded.updated_at;
      for (let revision = 0; Date.now() < until; revision++) {
        const content = `${loaded.content}<p>Correction ${revision} by editor ${editor}: the figures were checked again against the ledger.</p>`;
        const started = performance.now();
        const res = await fetch(address, { method: "PUT", headers, body: JSON.stringify({ content, updated_at: updatedAt }) });
        const saved = await res.json().catch(() => ({}));
        if (res.ok) {
          latencies.push(performance.now() - started);
          updatedAt = saved.updated_at;
        } else errors += 1;
      }
    }),
  );
  return { saves_per_second: Math.round(latencies.length / SECONDS), ...percentiles(latencies, [0.5, 0.99]), errors };
}

/** The readers' paths, from the seeded archive as the public API lists it. */
async function readPaths(base) {
  const articles = await publishedArticles(base, 2000);
  const categories = await json(`${base}/api/categories`);
  const queries = searchQueries(articles);
  return {
    articles,
    reads: {
      hot_article: { path: `/article/${encodeURIComponent(articles[0].slug)}` },
      rotation_200_articles: { paths: articles.slice(0, 200).map((a) => `/article/${encodeURIComponent(a.slug)}`) },
      home: { path: "/" },
      category: { path: `/category/${encodeURIComponent(categories[0].slug)}` },
      news: { path: "/news" },
      api_news_limit_5: { path: "/api/news?limit=5" },
      api_news_article: { path: `/api/news/${encodeURIComponent(articles[1].slug)}` },
      search_en: { path: searchPath("procurement") },
      search_ne: { path: searchPath("अख्तियार") },
      search_200_distinct: { paths: queries.slice(0, 200).map(searchPath) },
      // Every request a query not asked before in this run: no cache can answer it.
      search_never_repeated: { paths: queries.slice(200).map(searchPath), unique: true },
    },
  };
}

/**
 * Cached answers are measured as readers meet them once the cache holds them: each is asked for
 * twice (a search is kept from its second request), as a browser asks (its brotli body is made for
 * the first reader who takes brotli; the plain body is always there). Warmed right before their
 * own measurement: pages with "Most read" live one ranking period (a minute), shorter than the
 * bench, and warmed once at its start they were found expired, and rendered again all at once, by
 * whichever phase came minutes later.
 */
async function warm(base, { path: one, paths }) {
  for (let round = 0; round < 2; round++) {
    for (const p of paths ?? [one]) await (await fetch(base + p, { headers: ENCODINGS.br_gzip })).arrayBuffer();
  }
}

async function measureReads(base, reads) {
  const results = {};
  for (const [encoding, headers] of Object.entries(ENCODINGS)) {
    for (const [name, { path: one, paths, unique }] of Object.entries(reads)) {
      if (!unique) await warm(base, { path: one, paths });
      // A never-repeated query must stay so in the second encoding too: each takes half the list.
      const half = unique && Math.floor(paths.length / 2);
      const list = unique ? (encoding === "identity" ? paths.slice(0, half) : paths.slice(half)) : paths;
      const stats = await wrk(base + (one ?? "/"), { headers, paths: list });
      results[`${name}.${encoding}`] = { ...summary(stats), ...(unique ? { distinct_queries: list.length, requests: stats.requests } : {}) };
      console.log(name, encoding, JSON.stringify(results[`${name}.${encoding}`]), `server ${server.rssMb()} MB`);
    }
  }
  return results;
}

/** Reads of a hot article while editors save: drafts (the newsroom's usual write), then corrections to published stories. */
async function measureWriteBurst(base, hot, articles) {
  const session = await signIn(base);
  const writers = await json(`${base}/api/writers`);
  const drafts = [];
  for (let i = 0; i < EDITORS; i++) {
    const draft = await json(`${base}/api/news`, {
      method: "POST",
      headers: { cookie: session.cookie, origin: session.origin, "content-type": "application/json" },
      body: JSON.stringify({ title: `Bench draft ${i} ${Date.now()}`, content: `<p>${articles[20 + i].excerpt}</p>`, writer_id: writers[0].id, is_published: false }),
    });
    drafts.push(draft.slug);
  }
  const corrections = articles.slice(10, 10 + EDITORS).map((a) => a.slug);
  const burst = {};
  for (const [kind, slugs] of Object.entries({ drafts, corrections })) {
    for (const [encoding, headers] of Object.entries(ENCODINGS)) {
      await (await fetch(base + hot)).arrayBuffer();
      const until = Date.now() + SECONDS * 1000;
      const [readers, saves] = await Promise.all([wrk(base + hot, { headers }), saveLoop(base, session, slugs, until)]);
      burst[`saving_${kind}.${encoding}`] = { readers_hot_article: summary(readers), saves };
      console.log(`saving ${kind}`, encoding, JSON.stringify(burst[`saving_${kind}.${encoding}`]), `server ${server.rssMb()} MB`);
    }
  }
  return burst;
}

const dataDir = newDataDir();
let cluster;
let server;
let bare;
try {
  if (options.postgres) {
    cluster = await startCluster();
    cluster.createDatabase("bench");
  }
  const target = { dataDir, databaseUrl: cluster?.url("bench") };
  seedArchive(target, ARTICLES);
  server = await startServer(target);
  await new Promise((r) => setTimeout(r, 1000));
  const rssAfterBoot = server.rssMb();
  const { articles, reads } = await readPaths(server.base);

  bare = await startBare();
  const bareBefore = summary(await wrk(bare.url));
  console.log("bare node:http before", JSON.stringify(bareBefore));
  if (!slowBaseline(bareBefore.requests_per_second)) {
    const results = await measureReads(server.base, reads);
    const burst = await measureWriteBurst(server.base, reads.hot_article.path, articles);
    const bareAfter = summary(await wrk(bare.url));
    console.log("bare node:http after", JSON.stringify(bareAfter));
    const peakRss = server.peakRssMb();
    const bareRate = Math.min(bareBefore.requests_per_second, bareAfter.requests_per_second);
    if (!slowBaseline(bareRate)) {
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
  }
} finally {
  await bare?.stop();
  await server?.stop();
  cluster?.stop();
  removeDataDir(dataDir);
}
