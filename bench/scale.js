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
import { newDataDir, prepareBuild, record, removeDataDir, seedArchive, startServer } from "./support.js";
import { UNCACHED, measureUncached, startUpResult, uncachedPaths } from "./uncached.js";

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

const dataDir = newDataDir();
const cluster = options.pglite ? undefined : await startCluster();
cluster?.createDatabase("scale");
const target = { dataDir, databaseUrl: cluster?.url("scale") };
let server;
try {
  const seedStarted = Date.now();
  seedArchive(target, ARTICLES);
  const seedMs = Date.now() - seedStarted;
  server = await startServer(target, UNCACHED);
  const [results] = await measureUncached([server], await uncachedPaths(server.base, ARTICLES), REQUESTS);
  const peak = server.peakRssMb();
  await server.stop();

  // Start-up on the filled database, as after a deploy.
  const again = await startServer(target);
  const startupMs = again.startupMs;
  await again.stop();
  results.start_up = startUpResult(startupMs);

  record({ kind: "scale", database: options.pglite ? "pglite" : "postgres", articles: ARTICLES, seed_ms: seedMs, results, server_rss_mb: { peak }, server_startup_ms: startupMs });
  console.log(JSON.stringify(results, null, 2));
  writePerformanceDoc(`${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"}), ${Math.round(os.totalmem() / 1024 ** 3)} GB, Node ${process.version}`);
} finally {
  await server?.stop();
  cluster?.stop();
  removeDataDir(dataDir);
}
