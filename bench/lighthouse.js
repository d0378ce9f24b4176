// `npm run lighthouse`: Lighthouse's mobile audit (a mid-range phone on a slow 4G network, as its
// default settings simulate) of the production build with an archive of 2,000 articles, on the
// pages of issue 14: home, an article, a category, search results and the Nepali home, three runs
// each, the median kept. Also weighs what each page loads (scripts, styles, fonts, compressed as
// sent). Appends to bench/results.jsonl and writes docs/performance.md.
//
//   npm run lighthouse -- [--runs N] [--articles N]
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import os from "node:os";
import { parseArgs } from "node:util";
import { writePerformanceDoc } from "./report.js";
import { json, newDataDir, prepareBuild, record, removeDataDir, seedArchive, startServer } from "./support.js";

const { values: options } = parseArgs({
  options: { runs: { type: "string", default: "3" }, articles: { type: "string", default: "2000" } },
});
const RUNS = Number(options.runs);
const ARTICLES = Number(options.articles);
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

prepareBuild();

const median = (values) => {
  const sorted = values.filter((value) => value !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};

/** The pages of issue 14, found in the seeded archive. */
async function pagesOf(base) {
  const { articles } = await json(`${base}/api/news?limit=20&edition=en`);
  const story = articles.find((article) => article.image_url) ?? articles[0];
  const word = story.title.split(/\s+/).find((w) => w.length > 5) ?? story.title.split(/\s+/)[0];
  return {
    home: "/",
    article: `/article/${encodeURIComponent(story.slug)}`,
    category: `/category/${story.category_slug ?? "politics"}`,
    search: `/search?q=${encodeURIComponent(word)}`,
    home_ne: "/ne",
  };
}

/** What one Lighthouse run found: the four scores, the paints, and the bytes by kind. */
function summarise(lhr) {
  const transfer = (type) =>
    lhr.audits["network-requests"].details.items.filter((item) => item.resourceType === type).reduce((sum, item) => sum + item.transferSize, 0);
  // A metric Lighthouse could not measure in a run (it says why in its report) is left out of the median.
  const metric = (id, digits = 0) => {
    const value = lhr.audits[id]?.numericValue;
    return typeof value === "number" ? Number(value.toFixed(digits)) : null;
  };
  return {
    ...Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)])),
    fcp_ms: metric("first-contentful-paint"),
    lcp_ms: metric("largest-contentful-paint"),
    cls: metric("cumulative-layout-shift", 3),
    tbt_ms: metric("total-blocking-time"),
    script_kb: Math.round(transfer("Script") / 102.4) / 10,
    stylesheet_kb: Math.round(transfer("Stylesheet") / 102.4) / 10,
    font_kb: Math.round(transfer("Font") / 102.4) / 10,
    failing: Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "manual")
      .map((audit) => audit.id),
  };
}

/** The median of each figure over the runs; an audit counts as failing when it failed in most. */
function medianOf(runs) {
  const keys = Object.keys(runs[0]).filter((key) => key !== "failing");
  const failing = [...new Set(runs.flatMap((run) => run.failing))].filter((id) => runs.filter((run) => run.failing.includes(id)).length * 2 > runs.length);
  return { ...Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])), failing: failing.sort() };
}

const dataDir = newDataDir();
let server;
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
try {
  seedArchive({ dataDir }, ARTICLES);
  server = await startServer({ dataDir });
  const pages = await pagesOf(server.base);
  const results = {};
  for (const [name, path] of Object.entries(pages)) {
    // A first visit fills the page cache, as readers before this one would have.
    await fetch(server.base + path);
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const { lhr } = await lighthouse(server.base + path, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
      runs.push(summarise(lhr));
    }
    results[name] = { path, ...medianOf(runs) };
    console.log(name, JSON.stringify(results[name]));
  }
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"}), ${Math.round(os.totalmem() / 1024 ** 3)} GB, Node ${process.version}`;
  record({ kind: "lighthouse", articles: ARTICLES, runs: RUNS, lighthouse: (await import("lighthouse/package.json", { with: { type: "json" } })).default.version, results });
  writePerformanceDoc(machine);
} finally {
  await server?.stop();
  await chrome.kill();
  removeDataDir(dataDir);
}
