// `npm run lighthouse`: Lighthouse's mobile audit (a mid-range phone on a slow 4G network, as its
// default settings simulate) of the production build with an archive of 2,000 articles, on the
// pages of issue 14 (home, an article, a category, search results and the Nepali home) and of issue
// 38 (a story with an embedded evidence document, and the document's page), three runs each, the
// median kept. Also weighs what each page loads (scripts, styles, fonts and everything,
// compressed as sent). Appends to bench/results.jsonl and writes docs/performance.md.
//
//   npm run lighthouse -- [--runs N] [--articles N] [--pages document,article] [--reports DIR]
//
// `--pages` audits only the pages named (a change to one page need not wait on seven); the report keeps
// the other pages' figures from the newest run that audited them. `--reports` keeps each run's full
// Lighthouse JSON in DIR (`{page}-{run}.json`), to see which element was the LCP and what was loaded.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { writePerformanceDoc } from "./report.js";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { json, newDataDir, prepareBuild, record, removeDataDir, seedArchive, signIn, startServer } from "./support.js";

const { values: options } = parseArgs({
  options: { runs: { type: "string", default: "3" }, articles: { type: "string", default: "2000" }, pages: { type: "string" }, reports: { type: "string" } },
});
const ONLY = options.pages?.split(",").map((name) => name.trim());
const RUNS = Number(options.runs);
const ARTICLES = Number(options.articles);
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

prepareBuild();

const median = (values) => {
  const sorted = values.filter((value) => value !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};

/** A 12-page PDF of ordinary text, as an evidence document's scan-free pages would be. */
async function evidencePdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= 12; page++) {
    const sheet = doc.addPage([595, 842]);
    for (let line = 0; line < 40; line++) sheet.drawText(`Page ${page}, line ${line + 1}: payments to the contractor, in rupees.`, { x: 50, y: 780 - line * 18, size: 11, font });
  }
  return doc.save();
}

/**
 * Issue 38: a document uploaded, prepared, published and attached to `story` through the API, as
 * the newsroom does; answers once its pages are drawn. Its slug, for its own page.
 */
async function attachDocument(base, story) {
  const session = await signIn(base);
  const headers = { cookie: session.cookie, origin: session.origin };
  const form = new FormData();
  form.set("file", new File([await evidencePdf()], "ledger.pdf", { type: "application/pdf" }));
  form.set("title_en", "The contractor's ledger");
  const { document } = await json(`${base}/api/documents`, { method: "POST", headers, body: form });
  const settled = async () => {
    for (;;) {
      const { document: now } = await json(`${base}/api/documents/${document.id}`, { headers });
      if (now.status !== "examining" && now.status !== "publishing") return now;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const send = (path, body) => json(`${base}/api/documents/${document.id}/${path}`, { method: path === "articles" ? "PUT" : "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
  await settled();
  await send("prepare", { flatten: false });
  await settled();
  await send("articles", { articles: [story.id] });
  await send("publish", {});
  const published = await settled();
  if (!published.published_at) throw new Error(`the bench's document was not published: ${JSON.stringify(published)}`);
  return published.slug;
}

/** The pages of issue 14, found in the seeded archive, and a story carrying a document (issue 38) with the document's own page. */
async function pagesOf(base) {
  const { articles } = await json(`${base}/api/news?limit=20&edition=en`);
  const story = articles.find((article) => article.image_url) ?? articles[0];
  const word = story.title.split(/\s+/).find((w) => w.length > 5) ?? story.title.split(/\s+/)[0];
  const withDocument = articles.find((article) => article.id !== story.id && article.image_url) ?? articles[1];
  const documentSlug = await attachDocument(base, withDocument);
  return {
    home: "/",
    article: `/article/${encodeURIComponent(story.slug)}`,
    category: `/category/${story.category_slug ?? "politics"}`,
    search: `/search?q=${encodeURIComponent(word)}`,
    home_ne: "/ne",
    article_with_document: `/article/${encodeURIComponent(withDocument.slug)}`,
    document: `/documents/${encodeURIComponent(documentSlug)}`,
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
    // Everything the page loads, pictures included: what an embedded document costs before it is opened.
    total_kb: Math.round(lhr.audits["network-requests"].details.items.reduce((sum, item) => sum + item.transferSize, 0) / 102.4) / 10,
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
  const unknown = ONLY?.filter((name) => !(name in pages)) ?? [];
  if (unknown.length) throw new Error(`--pages: no page named ${unknown.join(", ")}; the pages are ${Object.keys(pages).join(", ")}`);
  for (const [name, path] of Object.entries(pages).filter(([name]) => !ONLY || ONLY.includes(name))) {
    // A first visit fills the page cache, as readers before this one would have.
    await fetch(server.base + path);
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const { lhr } = await lighthouse(server.base + path, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
      runs.push(summarise(lhr));
      if (options.reports) {
        mkdirSync(options.reports, { recursive: true });
        writeFileSync(join(options.reports, `${name}-${run + 1}.json`), JSON.stringify(lhr));
      }
    }
    results[name] = { path, ...medianOf(runs) };
    console.log(name, JSON.stringify(results[name]));
  }
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"}), ${Math.round(os.totalmem() / 1024 ** 3)} GB, Node ${process.version}`;
  record({ kind: "lighthouse", articles: ARTICLES, runs: RUNS, load_average: os.loadavg().map((load) => Number(load.toFixed(2))), lighthouse: (await import("lighthouse/package.json", { with: { type: "json" } })).default.version, results });
  writePerformanceDoc(machine);
} finally {
  await server?.stop();
  await chrome.kill();
  removeDataDir(dataDir);
}
