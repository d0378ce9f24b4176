// docs/performance.md, written from the newest record of each kind in bench/results.jsonl, beside
// the targets of issues 11, 14 and 41, so that the page always shows the latest figures and whether they meet
// them.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "./support.js";

/** Issue 11's targets, raised by issue 41's; `br` where compressed answers have a target of their own. */
const READ_TARGETS = {
  hot_article: { x_bare: 0.35, p99_ms: 20, br: { x_bare: 0.45, p99_ms: 20 } },
  rotation_200_articles: { x_bare: 0.25, p99_ms: 20 },
  home: { x_bare: 0.3, p99_ms: 20 },
  category: { x_bare: 0.2, p99_ms: 20 },
  api_news_limit_5: { x_bare: 0.1 },
  search_en: { p99_ms: 100 },
  search_ne: { p99_ms: 100 },
  search_200_distinct: { p99_ms: 100 },
  search_never_repeated: { p99_ms: 50 },
  search_common_pairs_never_repeated: { p99_ms: 50 },
};
const PEAK_RSS_TARGET_MB = 450;
/** Issue 41: a steady server's resident memory. */
const STEADY_RSS_TARGET_MB = 350;

function targetText(target) {
  if (!target) return "";
  return [target.x_bare && `≥ ${target.x_bare} × bare`, target.p99_ms && `p99 < ${target.p99_ms} ms`].filter(Boolean).join(", ");
}

function met(result, target) {
  if (!target) return "";
  const ok = (!target.x_bare || result.x_bare >= target.x_bare) && (!target.p99_ms || result.p99_ms < target.p99_ms);
  return ok ? "yes" : "**no**";
}

const row = (cells) => `| ${cells.join(" | ")} |`;

function readersSection(line) {
  const out = [
    `### ${line.articles.toLocaleString("en")} articles on ${line.database === "postgres" ? "PostgreSQL" : "the embedded database (PGlite)"} (${line.date.slice(0, 10)})`,
    "",
    `Bare node:http server (30 KB page): ${line.bare_node_http.before.requests_per_second.toLocaleString("en")} req/s before, ${line.bare_node_http.after.requests_per_second.toLocaleString("en")} after; ratios use the lower.`,
    "",
    row(["path", "encoding", "req/s", "× bare", "p50 ms", "p99 ms", "errors", "target", "met"]),
    row(["---", "---", "---:", "---:", "---:", "---:", "---:", "---", "---"]),
  ];
  for (const [key, result] of Object.entries(line.results)) {
    const [name, encoding] = key.split(".");
    const target = encoding === "identity" ? READ_TARGETS[name] : (READ_TARGETS[name]?.br ?? READ_TARGETS[name]);
    out.push(
      row([
        name.replaceAll("_", " "),
        encoding === "identity" ? "none" : "br, gzip",
        result.requests_per_second.toLocaleString("en"),
        result.x_bare,
        result.p50_ms,
        result.p99_ms,
        result.errors,
        targetText(target),
        met(result, target),
      ]),
    );
  }
  out.push("", "Reads of the hot article while 8 editors save at once: drafts, then corrections added to the end of published stories:", "");
  out.push(row(["editors save", "reads/s", "× bare", "read p99 ms", "saves/s", "save p50 ms", "save p99 ms", "errors", "met (read p99 < 20 ms)"]));
  out.push(row(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---"]));
  for (const [kind, { readers_hot_article: r, saves }] of Object.entries(line.write_burst)) {
    out.push(
      row([
        kind.replace("saving_", ""),
        r.requests_per_second.toLocaleString("en"),
        r.x_bare,
        r.p99_ms,
        saves.saves_per_second,
        saves.p50_ms,
        saves.p99_ms,
        r.errors + saves.errors,
        r.p99_ms < 20 ? "yes" : "**no**",
      ]),
    );
  }
  const peak = line.server_rss_mb.peak;
  out.push(
    "",
    `Server memory: ${line.server_rss_mb.after_boot} MB after boot, ${peak} MB at its peak (target ≤ ${PEAK_RSS_TARGET_MB} MB: ${peak <= PEAK_RSS_TARGET_MB ? "met" : "**not met**"}). Start-up: ${line.server_startup_ms} ms.`,
    ...startsMemory(line.server_rss_mb),
    "",
  );
  return out.join("\n");
}

/** Each process's resident high-water mark (VmHWM) on a first start, a restart and the seeding, where the run measured them. */
function startsMemory({ first_start: first, restart, seeding }) {
  const peaks = [
    ["the first start on an empty folder (the demo loaded)", first],
    ["a restart on it", restart],
    ["seeding the archive (its own process)", seeding],
  ].filter(([, mb]) => typeof mb === "number");
  if (peaks.length === 0) return [];
  const said = peaks.map(([what, mb]) => `${what} ${mb} MB${mb <= PEAK_RSS_TARGET_MB ? "" : " (**over**)"}`);
  return ["", `High-water marks (VmHWM, target ≤ ${PEAK_RSS_TARGET_MB} MB): ${said.join("; ")}.`];
}

/** What writing one full articles sitemap file did to the server's memory (it is streamed). */
function sitemapMemory(file) {
  if (file?.peak_rss_mb_after === undefined) return [];
  const mb = (file.bytes / 1024 ** 2).toFixed(1);
  return [`The first articles sitemap file, ${mb} MB of XML, took ${file.p50_ms} ms; server memory ${file.rss_mb_before} MB before it, ${file.peak_rss_mb_after} MB at its peak after.`, ""];
}

function scaleSection(line) {
  const out = [
    `### ${line.articles.toLocaleString("en")} articles on ${line.database === "postgres" ? "PostgreSQL" : "the embedded database (PGlite)"}, one client, nothing cached (${line.date.slice(0, 10)})`,
    "",
    `Seeding took ${(line.seed_ms / 1000).toFixed(0)} s. Start-up: ${line.server_startup_ms} ms. Server memory at its peak: ${line.server_rss_mb.peak} MB.`,
    "",
    ...sitemapMemory(line.results.sitemap_file),
    row(["request", "requests", "p50 ms", "p95 ms", "p99 ms", "errors", "target", "met"]),
    row(["---", "---:", "---:", "---:", "---:", "---:", "---", "---"]),
  ];
  for (const [name, result] of Object.entries(line.results)) {
    out.push(
      row([name.replaceAll("_", " "), result.requests, result.p50_ms, result.p95_ms, result.p99_ms, result.errors, result.target ?? "", result.met === undefined ? "" : result.met ? "yes" : "**no**"]),
    );
  }
  out.push("");
  return out.join("\n");
}

const ratio = (after, before) => (before ? +(after / before).toFixed(2) : null);
/** A ratio made bold when it says "more than 10% slower": fewer requests a second, or a longer wait. */
const judgedRatio = (value, higherIsBetter) => (value === null ? "" : (higherIsBetter ? value < 0.9 : value > 1.1) ? `**${value}**` : String(value));
const rate = (result) => result.requests_per_second.toLocaleString("en");
/** The bare server's figures: one pair for a run whose sides ran at once, one per side for an older record. */
const bareText = ({ interleaved, bare_node_http: bare }) =>
  interleaved
    ? `Both builds ran at once, measured in turns. Bare node:http server (req/s, at the start / end): ${rate(bare.start)} / ${rate(bare.end)}. `
    : `The builds ran one after the other. Bare node:http server (req/s, at the start / end of each side): before ${rate(bare.before.start)} / ${rate(bare.before.end)}, after ${rate(bare.after.start)} / ${rate(bare.after.end)}. `;

/** The "Before and after" table of one bench/compare.js record, as Markdown lines. */
export function compareTable(line) {
  const database = line.database === "postgres" ? "PostgreSQL" : "the embedded database (PGlite)";
  const what = line.scenarios === "scale" ? "one client, nothing cached" : "readers, apps and editors under wrk";
  const after = `${line.after.commit.slice(0, 7)}${line.after.uncommitted_changes ? " with uncommitted changes" : ""}`;
  const out = [
    `### ${line.articles.toLocaleString("en")} articles on ${database}, ${what}: ${line.before.commit.slice(0, 7)} → ${after} (${line.date.slice(0, 10)})`,
    "",
    `Both builds ran on copies of one archive seeded by ${line.before.commit.slice(0, 7)}${line.seed.reused ? " (kept from an earlier run)" : ""}. ` +
      `Start-up: before ${line.start_up_ms.before} ms; the upgrade (the new build's first start, its migrations on this archive) ${line.start_up_ms.upgrade} ms; ` +
      `the new build started again ${line.start_up_ms.after_again} ms${line.start_up_ms.restarts ? ` (median of ${line.start_up_ms.restarts} starts each, in turns, against ${line.start_up_ms.before_again} ms for the old)` : ""}. The upgrade kept ${line.upgrade_kept_archive.published.toLocaleString("en")} published articles` +
      `${line.upgrade_kept_archive.same_newest_100 ? " and the same newest 100" : ", **but not the same newest 100**"}. ` +
      bareText(line) +
      `Server memory at its peak: before ${line.server_rss_mb.before.peak} MB, after ${line.server_rss_mb.after.peak} MB. Bold: more than 10% slower.`,
    "",
  ];
  if (line.scenarios === "scale") {
    out.push(row(["request", "p50 ms before", "p50 ms after", "after/before", "p95 ms before", "p95 ms after", "after/before", "p99 ms before", "p99 ms after", "errors before / after"]));
    out.push(row(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:"]));
    for (const [name, { before: b, after: a }] of Object.entries(line.results)) {
      out.push(
        row([name.replaceAll("_", " "), b.p50_ms, a.p50_ms, judgedRatio(ratio(a.p50_ms, b.p50_ms), false), b.p95_ms ?? "", a.p95_ms ?? "", b.p95_ms === null ? "" : judgedRatio(ratio(a.p95_ms, b.p95_ms), false), b.p99_ms ?? "", a.p99_ms ?? "", `${b.errors} / ${a.errors}`]),
      );
    }
  } else {
    out.push(row(["path", "encoding", "req/s before", "req/s after", "after/before", "p99 ms before", "p99 ms after", "errors before / after"]));
    out.push(row(["---", "---", "---:", "---:", "---:", "---:", "---:", "---:"]));
    const reads = (name, encoding, b, a) =>
      row([name, encoding === "identity" ? "none" : "br, gzip", rate(b), rate(a), judgedRatio(ratio(a.requests_per_second, b.requests_per_second), true), b.p99_ms, a.p99_ms, `${b.errors} / ${a.errors}`]);
    for (const [key, { before: b, after: a }] of Object.entries(line.results)) {
      const [name, encoding] = key.split(".");
      out.push(reads(name.replaceAll("_", " "), encoding, b, a));
    }
    for (const [key, { before: b, after: a }] of Object.entries(line.write_burst ?? {})) {
      const [name, encoding] = key.split(".");
      out.push(reads(`hot article while 8 editors save ${name.replace("saving_", "")} (saves/s ${b.saves.saves_per_second} → ${a.saves.saves_per_second}${a.saves.asked_per_second ? `, ${a.saves.asked_per_second} asked` : ""})`, encoding, b.readers_hot_article, a.readers_hot_article));
    }
  }
  out.push("", `Geometric mean of after/before over the rows above: ${geometricMean(line)} (${verdict(line)}).`, "");
  return out;
}

/** One figure for a whole comparison: p50 latency ratios (scale) or rate ratios (readers), start-up left out. */
/** Reads say req/s (higher is faster), the large archive says ms (lower is faster): the mean's verdict in words. */
function verdict(line) {
  const mean = Number(geometricMean(line));
  if (mean === 1) return "as fast as before";
  const faster = line.scenarios === "scale" ? mean < 1 : mean > 1;
  return faster ? "the new build is faster" : "the new build is slower";
}

function geometricMean(line) {
  const ratios =
    line.scenarios === "scale"
      ? Object.entries(line.results)
          .filter(([name]) => name !== "start_up")
          .map(([, { before: b, after: a }]) => a.p50_ms / b.p50_ms)
      : Object.values(line.results).map(({ before: b, after: a }) => a.requests_per_second / b.requests_per_second);
  return Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length).toFixed(2);
}

function newest(lines, test) {
  return lines.filter(test).at(-1);
}

/**
 * The newest Lighthouse run, each page it left out (`--pages`) taken from the newest run that had it,
 * that page's date and load average beside it.
 */
function newestPerPage(runs) {
  const last = runs.at(-1);
  if (!last) return undefined;
  const results = {};
  for (const run of runs) {
    for (const [name, result] of Object.entries(run.results)) results[name] = { ...result, date: run.date, load_average: run.load_average };
  }
  return { ...last, results };
}

/** Rewrites docs/performance.md from bench/results.jsonl. */
/** Issue 14's targets for Lighthouse's mobile audit. */
const PAGE_TARGETS = { score: 95, fcp_ms: 1800, lcp_ms: 2500, script_kb: { article: 100, article_with_document: 100, default: 110 } };

function pageQualitySection(line) {
  const scriptTarget = (name) => PAGE_TARGETS.script_kb[name] ?? PAGE_TARGETS.script_kb.default;
  const scores = (r) => ["performance", "accessibility", "best-practices", "seo"].map((id) => (r[id] >= PAGE_TARGETS.score ? String(r[id]) : `**${r[id]}**`));
  const under = (value, limit) => (value < limit ? String(value) : `**${value}**`);
  return [
    `Lighthouse ${line.lighthouse}, mobile (its default: a mid-range phone on slow 4G, simulated), the production build with ${line.articles.toLocaleString("en")} articles, median of ${line.runs} runs (${line.date.slice(0, 10)}${line.load_average ? `; load average ${line.load_average.join(", ")} at the end` : ""}). Targets (issue 14): every score ≥ ${PAGE_TARGETS.score}, FCP < ${PAGE_TARGETS.fcp_ms / 1000} s, LCP < ${PAGE_TARGETS.lcp_ms / 1000} s, scripts ≤ ${PAGE_TARGETS.script_kb.article} KB on an article and ≤ ${PAGE_TARGETS.script_kb.default} KB elsewhere, as sent (compressed); bold misses one. The audit runs over plain HTTP, where Chromium does not ask for Brotli: the sizes are gzip's, about 15% more than a reader over HTTPS receives.`,
    "",
    row(["page", "performance", "accessibility", "best practices", "SEO", "FCP ms", "LCP ms", "CLS", "TBT ms", "scripts KB", "styles KB", "fonts KB", "all KB"]),
    row(Array(13).fill("---")),
    ...Object.entries(line.results).map(([name, r]) =>
      row([`${name} \`${r.path.length > 40 ? `${r.path.slice(0, 40)}…` : r.path}\`${r.date === line.date ? "" : ` (${r.date.slice(0, 10)})`}`, ...scores(r), under(r.fcp_ms, PAGE_TARGETS.fcp_ms), under(r.lcp_ms, PAGE_TARGETS.lcp_ms), String(r.cls), String(r.tbt_ms), r.script_kb <= scriptTarget(name) ? String(r.script_kb) : `**${r.script_kb}**`, String(r.stylesheet_kb), String(r.font_kb), r.total_kb === undefined ? "—" : String(r.total_kb)]),
    ),
    "",
    "Audits scoring under 90 in most runs:",
    "",
    ...Object.entries(line.results).map(([name, r]) => `- ${name}: ${r.failing.length ? r.failing.map((id) => `\`${id}\``).join(", ") : "none"}`),
    "",
  ];
}

/** Issue 39's targets for one instance holding a live story's streams. */
const LIVE_TARGETS = { page_p99_ms: 20, throughput_ratio: 0.5, p95_ms: 2_000, all_ms: 5_000 };
/** A 1-minute load average above this, on this two-core machine, means other work shared it. */
const SHARED_LOAD = 1.5;

/** The steps of a live run after which its high-water mark is read, as the section names them. */
const PEAK_STEPS = {
  start: "start and the story written",
  page_without_streams: "the page under wrk",
  streams_opened: "the streams opened",
  page_with_streams: "the page under wrk with them",
  updates: "the updates delivered",
  reconnect: "the reconnections",
};

const rateOf = (state) => (state.requests_per_second_median ?? state.requests_per_second).toLocaleString("en");
const worstOf = (state) => (state.p99_ms_worst === undefined ? "" : ` (${state.p99_ms_worst} ms)`);
const windowList = (state) => state.windows.map((w) => `${w.requests_per_second.toLocaleString("en")}, ${w.p99_ms} ms, ${w.lag_max_ms} ms`).join("; ");
const ms = (value) => (value === null ? "not all reached" : `${value.toLocaleString("en")} ms`);
const yes = (ok) => (ok ? "yes" : "**no**");

function liveSection(line) {
  const { live_page: page, delivery, reconnect, server_rss_mb: rss, client } = line;
  const streams = line.streams.toLocaleString("en");
  return [
    `### ${streams} streams on ${line.database === "postgres" ? "PostgreSQL" : "the embedded database (PGlite)"} (${line.date.slice(0, 10)}; load average ${line.load_average.join(", ")} at the end)`,
    "",
    `${streams} readers' streams opened in ${ms(line.opened.ms)} (${line.opened.failed} failed), ${line.opened.batch} connecting at a time.`,
    "",
    row(["measure", "without streams", `with ${streams} streams`, "target", "met"]),
    row(["---", "---", "---", "---", "---"]),
    row(["live page req/s", rateOf(page.without_streams), rateOf(page.with_streams), `≥ ${LIVE_TARGETS.throughput_ratio} × without`, yes(page.throughput_ratio >= LIVE_TARGETS.throughput_ratio)]),
    row([
      page.with_streams.windows ? `live page p99, median of ${page.with_streams.windows.length} windows (worst)` : "live page p99",
      `${page.without_streams.p99_ms} ms${worstOf(page.without_streams)}`,
      `${page.with_streams.p99_ms} ms${worstOf(page.with_streams)}`,
      `< ${LIVE_TARGETS.page_p99_ms} ms`,
      yes(page.with_streams.p99_ms < LIVE_TARGETS.page_p99_ms),
    ]),
    row(["live page errors", page.without_streams.errors, page.with_streams.errors, "", ""]),
    ...(rss.peak === undefined
      ? [row(["server RSS", `${rss.without_streams} MB`, `${rss.with_streams} MB`, `≤ ${PEAK_RSS_TARGET_MB} MB (the readers' peak)`, yes(rss.with_streams <= PEAK_RSS_TARGET_MB)])]
      : [
          row(["server RSS, settled", `${rss.without_streams} MB`, `${rss.with_streams} MB`, `≤ ${STEADY_RSS_TARGET_MB} MB`, yes(rss.with_streams <= STEADY_RSS_TARGET_MB)]),
          row(["server peak (VmHWM) over the run", "", `${rss.peak} MB`, `≤ ${PEAK_RSS_TARGET_MB} MB`, yes(rss.peak <= PEAK_RSS_TARGET_MB)]),
        ]),
    ...(page.with_streams.windows
      ? [
          "",
          `Each window (req/s, p99, the request thread's largest event-loop delay), in the order run: without the streams ${windowList(page.without_streams)}; with them ${windowList(page.with_streams)}. The p99 row is the window with the median p99; req/s is the median of the windows.`,
        ]
      : []),
    "",
    rss.opening_streams === undefined
      ? `Each open stream costs the server about **${rss.kb_per_stream} KB** (RSS with the streams less RSS without, over ${streams}).`
      : `Each open stream costs the server about **${rss.kb_per_stream} KB** once it has settled (RSS with the streams less RSS without, over ${streams}); ` +
        `2 s after the last arrived the RSS was ${rss.opening_streams} MB, the heap their arrivals left behind not yet given back.`,
    "",
    ...(rss.peak_after === undefined
      ? []
      : [
          `The high-water mark after each step: ${Object.entries(rss.peak_after)
            .map(([step, mb]) => `${PEAK_STEPS[step] ?? step} ${mb} MB`)
            .join(", ")}.`,
          "",
        ]),
    row(["update posted (editor's save to arrival)", "50%", "95%", "all", "target", "met"]),
    row(["---", "---", "---", "---", "---", "---"]),
    ...delivery.runs.map((run, n) => row([`update ${n + 1} (${run.received.toLocaleString("en")} of ${run.of.toLocaleString("en")})`, ms(run.p50_ms), ms(run.p95_ms), ms(run.all_ms), "", ""])),
    row([
      "worst",
      "",
      ms(delivery.p95_ms_worst),
      ms(delivery.all_ms_worst),
      `95% < ${LIVE_TARGETS.p95_ms / 1000} s, all < ${LIVE_TARGETS.all_ms / 1000} s`,
      yes(delivery.p95_ms_worst !== null && delivery.all_ms_worst !== null && delivery.p95_ms_worst < LIVE_TARGETS.p95_ms && delivery.all_ms_worst < LIVE_TARGETS.all_ms),
    ]),
    "",
    `Reconnect: ${reconnect.dropped.toLocaleString("en")} streams dropped, ${reconnect.posted_while_dropped} updates posted meanwhile, reconnected with \`Last-Event-ID\` in ${ms(reconnect.reconnect_ms)} (${reconnect.failed} failed); ` +
      `of ${reconnect.readers.toLocaleString("en")} readers, ${reconnect.readers_not_exactly_right} did not receive exactly every update in order: ${reconnect.missing} missed, ${reconnect.duplicated} received twice (target: none; met: ${yes(reconnect.missing === 0 && reconnect.duplicated === 0 && reconnect.readers_not_exactly_right === 0)}).`,
    "",
    `The bench's stream client (one Node process, one HTTP/1.1 connection per reader): ${client.rss_mb} MB holding ${streams} streams, ${client.cpu_ms_per_1000_events} ms of CPU per 1,000 events read. ` +
      `Its own floor, against a bare server that writes one event to all ${streams} at once: 95% in ${ms(client.bare_server.p95_ms_worst)}, all in ${ms(client.bare_server.all_ms_worst)} (worst of ${client.bare_server.runs.length}); the delivery times above include this.`,
    "",
  ];
}

export function writePerformanceDoc(machine) {
  const lines = readFileSync(path.join(root, "bench/results.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
  const sections = [
    newest(lines, (l) => l.kind === "readers" && l.database === "pglite"),
    newest(lines, (l) => l.kind === "readers" && l.database === "postgres"),
  ]
    .filter(Boolean)
    .map(readersSection);
  const scale = [newest(lines, (l) => l.kind === "scale" && l.database === "postgres"), newest(lines, (l) => l.kind === "scale" && l.database === "pglite")]
    .filter(Boolean)
    .map(scaleSection);
  const pageQuality = newestPerPage(lines.filter((l) => l.kind === "lighthouse"));
  const liveRuns = [newest(lines, (l) => l.kind === "live" && l.database === "pglite"), newest(lines, (l) => l.kind === "live" && l.database === "postgres")].filter(Boolean);
  const live = liveRuns.flatMap(liveSection);
  // A run with more than one core's worth of other work waiting (1-minute load over 1.5 on two cores) was shared.
  const liveShared = liveRuns.some((l) => (l.load_average?.[0] ?? Infinity) > SHARED_LOAD);
  const comparisons = [newest(lines, (l) => l.kind === "compare" && l.scenarios === "readers"), newest(lines, (l) => l.kind === "compare" && l.scenarios === "scale")]
    .filter(Boolean)
    .flatMap(compareTable);
  const doc = [
    "# Performance",
    "",
    "Written by `npm run bench` from the newest records in `bench/results.jsonl`; do not edit by hand.",
    "",
    `Machine of the latest run: ${machine}.`,
    "",
    "Load comes from `wrk` (Debian's package) in a process of its own, against our production server and,",
    "in the same run, a bare `node:http` server sending a fixed 30 KB page. A run whose bare server stays",
    "under 10,000 requests a second is refused: its figures would describe the load generator. Cached",
    "answers are warmed right before each is measured, as readers meet them once the cache holds them (a",
    "search is kept from its second request; a brotli body is made for the first reader who takes",
    "brotli; pages with \"Most read\" live a minute). Searches never repeated are never warmed: each",
    "request asks for words not asked before; \"search common pairs\" asks pairs of the words most",
    "stories share, each pair once. Targets are issue 11's, raised by issue 41 (a compressed hot",
    "article has one of its own).",
    "",
    "## Readers, apps and editors at once",
    "",
    ...sections,
    ...(scale.length ? ["## A large archive", "", ...scale] : []),
    ...(comparisons.length
      ? [
          "## Before and after",
          "",
          "Written by `npm run bench:compare`: an older commit (its own checkout and build) seeds an archive; it",
          "and the current build each start on a copy of it (the current build's migrations run: the upgrade),",
          "run at once, and are measured in turns on the very same paths, in the same run on the same machine.",
          "The bare server's figures show how busy the machine was; a run under 10,000 req/s is refused.",
          "",
          ...comparisons,
        ]
      : []),
    ...(live.length
      ? [
          "## Live updates pushed (issue 39)",
          "",
          "Written by `npm run bench:live`: one live story on one instance, its readers' streams held by the",
          "bench's own client (`bench/live-stream-client.js`, a process of its own, as `wrk` is), while `wrk` reads",
          "the live page. An update's time runs from just before the editor's save is sent to its arrival in each",
          "stream, on one clock (one machine).",
          "",
          ...(liveShared
            ? [
                "**Preliminary**: the latest run was made on a machine shared with other work (the load average in the",
                "heading says how busy); it must be run again on a quiet machine before these figures are quoted.",
                "",
              ]
            : []),
          ...live,
        ]
      : []),
    ...(pageQuality ? ["## On a phone: Lighthouse", "", ...pageQualitySection(pageQuality)] : []),
    "## Reproduce",
    "",
    "```sh",
    "npm run bench                              # 2,000 articles, embedded database (builds first if the sources changed)",
    "npm run bench -- --postgres                # the same on a throwaway PostgreSQL (Debian's postgresql)",
    "npm run bench -- --articles 10000",
    "npm run bench:scale                        # 100,000 articles on PostgreSQL, uncached, one client",
    "npm run lighthouse                         # Lighthouse mobile on seven reader pages, 3 runs each",
    "npm run bench:live                         # 5,000 streams of a live story on one instance (-- --streams N, --postgres)",
    "npm run bench:compare -- --reuse-seed      # 53ec6c1 against this build, 2,000 articles (PGlite)",
    "npm run bench:compare -- --scale --reuse-seed   # the same, 100,000 articles on PostgreSQL, uncached",
    "BENCH_SECONDS=5 BENCH_CONNECTIONS=50 npm run bench",
    "```",
    "",
    "The machine is shared: run nothing else meanwhile, and compare ratios to the bare server rather than",
    "raw requests a second between runs.",
    "",
  ];
  // What is written by hand after the bench's own sections (from "## Fonts and styles" on) is kept.
  const file = path.join(root, "docs/performance.md");
  const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
  const handWritten = previous.indexOf("\n## Fonts and styles");
  writeFileSync(file, doc.join("\n") + (handWritten < 0 ? "" : previous.slice(handWritten + 1)));
}
