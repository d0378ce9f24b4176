// `npm run bench`: throughput and latency of our pages against a bare Node http server on the same
// machine, in one run, so the ratio means something on a shared, noisy machine. Also the weight of
// the home page as a phone downloads it, and the server's memory. Appends to bench/results.jsonl.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const root = path.resolve(import.meta.dirname, "..");
const buildDir = process.env.BUILD_DIR ?? "build";

if (!existsSync(path.join(root, buildDir, "server/index.js"))) {
  console.error(`No build in ${buildDir}/: run \`npx react-router build\` first.`);
  process.exit(1);
}

function load(url, extra = {}) {
  return new Promise((resolve, reject) =>
    autocannon({ url, duration: DURATION, connections: CONNECTIONS, ...extra }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

const summary = (result) => ({
  requests_per_second: Math.round(result.requests.average),
  latency_p50_ms: result.latency.p50,
  latency_p99_ms: result.latency.p99,
  errors: result.errors + result.non2xx,
});

async function bareServer(body) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

async function startOurs() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "khulasa-bench-"));
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DEMO_CONTENT: "true", DATABASE_URL: "" },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    rssMb: () => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
        return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024);
      } catch {
        return null;
      }
    },
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const ours = await startOurs();
try {
  const homeHtml = await (await fetch(`${ours.base}/`)).text();
  const article = (await (await fetch(`${ours.base}/api/news?limit=1`)).json()).articles[0];
  const articlePath = `/article/${encodeURIComponent(article.slug)}`;

  // Page weight: the HTML plus the scripts and styles it references, gzipped as sent.
  const assets = [...homeHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  let gzipBytes = gzipSync(homeHtml).length;
  for (const asset of new Set(assets)) gzipBytes += gzipSync(Buffer.from(await (await fetch(ours.base + asset)).arrayBuffer())).length;

  const bare = await bareServer(homeHtml);
  const results = {};
  results.bare_node_http = summary(await load(bare.url));
  bare.close();
  results.home_cached = summary(await load(`${ours.base}/`));
  results.article_cached = summary(await load(ours.base + articlePath));
  // A distinct query string per request misses the page cache: the cost of a full render.
  let n = 0;
  results.home_uncached = summary(
    await load(`${ours.base}/`, { requests: [{ setupRequest: (req) => ({ ...req, path: `/?bench=${n++}` }) }] }),
  );
  results.api_news = summary(await load(`${ours.base}/api/news?limit=10`));

  const record = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    duration_s: DURATION,
    connections: CONNECTIONS,
    results,
    ratio_home_cached_to_bare: +(results.home_cached.requests_per_second / results.bare_node_http.requests_per_second).toFixed(2),
    ratio_home_uncached_to_bare: +(results.home_uncached.requests_per_second / results.bare_node_http.requests_per_second).toFixed(3),
    home_page_weight_gzip_kb: Math.round(gzipBytes / 1024),
    server_rss_mb_after_load: ours.rssMb(),
  };
  appendFileSync(path.join(root, "bench/results.jsonl"), JSON.stringify(record) + "\n");
  console.log(JSON.stringify(record, null, 2));
} finally {
  await ours.stop();
}
