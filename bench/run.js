// `npm run bench`: throughput and latency of our pages against a bare Node http server on the same
// machine, in one run, so the ratio means something on a shared, noisy machine. Also the weight of
// the home page as a phone downloads it, and the server's memory. Appends to bench/results.jsonl.
import http from "node:http";
import { gzipSync } from "node:zlib";
import { load, newDataDir, record, removeDataDir, requireBuild, startServer, summary } from "./support.js";

requireBuild();

async function bareServer(body) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

const dataDir = newDataDir();
const ours = await startServer(dataDir);
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

  record({
    kind: "pages",
    results,
    ratio_home_cached_to_bare: +(results.home_cached.requests_per_second / results.bare_node_http.requests_per_second).toFixed(2),
    ratio_home_uncached_to_bare: +(results.home_uncached.requests_per_second / results.bare_node_http.requests_per_second).toFixed(3),
    home_page_weight_gzip_kb: Math.round(gzipBytes / 1024),
    server_rss_mb_after_load: ours.rssMb(),
  });
} finally {
  await ours.stop();
  removeDataDir(dataDir);
}
