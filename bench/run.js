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
import { measureReads, measureWriteBurst, readPaths, slowBaseline } from "./readers.js";
import { CONNECTIONS, SECONDS, THREADS, ensureWrk, measureStarts, newDataDir, prepareBuild, record, removeDataDir, seedArchive, startBare, startServer, summary, wrk } from "./support.js";

const { values: options } = parseArgs({
  options: { articles: { type: "string", default: "2000" }, postgres: { type: "boolean", default: false } },
});
const ARTICLES = Number(options.articles);
// 200 articles in rotation, and published stories for the editors to correct, beside them.
if (!Number.isInteger(ARTICLES) || ARTICLES < 300) {
  console.error(`--articles takes a whole number of at least 300, not "${options.articles}"`);
  process.exit(2);
}

prepareBuild();
ensureWrk();

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
  const starts = options.postgres ? undefined : await measureStarts();
  const seeding = seedArchive(target, ARTICLES);
  server = await startServer(target);
  await new Promise((r) => setTimeout(r, 1000));
  const rssAfterBoot = server.rssMb();
  const { articles, reads } = await readPaths(server.base);

  bare = await startBare();
  const bareBefore = summary(await wrk(bare.url));
  console.log("bare node:http before", JSON.stringify(bareBefore));
  if (!slowBaseline(bareBefore.requests_per_second)) {
    const [results] = await measureReads([server], reads);
    const burst = await measureWriteBurst(server, reads.hot_article.path, articles);
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
        server_rss_mb: { after_boot: rssAfterBoot, peak: peakRss, ...starts, seeding: seeding.peakRssMb },
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
