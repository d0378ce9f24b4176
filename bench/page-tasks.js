/**
 * Where a reader page's long tasks go (issue 41's blocking time): Chromium at a 4× slower CPU, as
 * Lighthouse's mobile setting simulates, against a running server; for each task over 30 ms, the
 * trace events inside it that took over 2 ms (scripts by URL, style, layout, text shaping).
 *
 *   /work/bin/quiet node bench/page-tasks.js http://localhost:3000 /ne /
 *
 * Figures are timings: run it alone on the machine and note the load average beside them.
 */
import { chromium } from "playwright";
const base = process.argv[2],
  paths = process.argv.slice(3);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const path of paths) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const events = [];
  cdp.on("Tracing.dataCollected", (d) => events.push(...d.value));
  const done = new Promise((r) => cdp.once("Tracing.tracingComplete", r));
  await cdp.send("Tracing.start", {
    traceConfig: { includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.execute", "blink", "loading"] },
    transferMode: "ReportEvents",
  });
  await page.goto(base + path, { waitUntil: "load" });
  await page.waitForFunction(() => document.documentElement.dataset.islands === "ready", null, { timeout: 30000 });
  await page.waitForTimeout(1500);
  await cdp.send("Tracing.end");
  await done;
  const tasks = events.filter((e) => e.name === "RunTask" && e.dur > 30000 && e.ph === "X");
  // main renderer thread: the thread with most ParseHTML events
  const counts = {};
  for (const e of events) if (e.name === "ParseHTML") counts[`${e.pid}:${e.tid}`] = (counts[`${e.pid}:${e.tid}`] ?? 0) + 1;
  const thread = Object.entries(counts).sort((a, b) => b[1] - a[1])[0][0];
  const t0 = events.find((e) => e.name === "navigationStart" || e.name === "TracingStartedInBrowser").ts;
  console.log(path);
  for (const t of tasks.filter((t) => `${t.pid}:${t.tid}` === thread)) {
    const kids = events.filter(
      (e) => `${e.pid}:${e.tid}` === thread && e.ph === "X" && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e !== t && e.dur > 2000,
    );
    console.log(`task at ${((t.ts - t0) / 1000).toFixed(0)} ms: ${(t.dur / 1000).toFixed(0)} ms`);
    for (const k of kids.slice(0, 25))
      console.log(
        `   ${((k.ts - t.ts) / 1000).toFixed(0).padStart(4)} +${(k.dur / 1000).toFixed(1).padStart(6)} ${k.name} ${JSON.stringify(k.args?.data?.url ?? k.args?.data?.functionName ?? k.args?.data?.type ?? k.args?.fileName ?? "").slice(-70)}`,
      );
  }
  await context.close();
}
await browser.close();
