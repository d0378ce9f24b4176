// How a large PDF fares in the documents worker (issue 38): builds a 100-page file of about 20 MB
// (each page a scan-like picture under a column of text, some of it under a black box), then
// examines it and flattens it in the worker, sampling the process's resident memory and the main
// thread's event-loop delay meanwhile (what a reader's request would wait for). The worker is
// bundled first with esbuild, as a production build would run it, rather than compiled by tsx in
// its thread, which alone costs a few hundred megabytes and seconds.
//
//   npx tsx bench/documents-examine.ts [--pages 100] [--dpi 100]
import { build as bundle } from "esbuild";
import { mkdir, mkdtemp } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { documentWorker } from "../app/server/documents/worker-pool";
import { largePdf } from "./large-pdf";

const { values } = parseArgs({ options: { pages: { type: "string", default: "100" }, dpi: { type: "string", default: "100" }, heap: { type: "string", default: "256" } } });
const pageCount = Number(values.pages);

const bytes = await largePdf(pageCount);
await mkdir("node_modules/.cache", { recursive: true });
// Inside the project, so the bundle finds the packages it leaves out.
const workerFile = path.resolve(await mkdtemp("node_modules/.cache/documents-bench-"), "worker.mjs");
await bundle({ entryPoints: ["app/server/documents/worker.ts"], bundle: true, platform: "node", format: "esm", packages: "external", outfile: workerFile, logLevel: "error" });
const documents = documentWorker({ heapMb: Number(values.heap), spawn: (heapMb) => new Worker(workerFile, { resourceLimits: { maxOldGenerationSizeMb: heapMb } }) });
const baseline = process.memoryUsage().rss;

async function measure<T>(label: string, run: () => Promise<T>): Promise<T> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  clearInterval(sampler);
  const mb = (value: number) => Math.round(value / 1024 / 1024);
  console.log(
    `${label}: ${seconds.toFixed(1)} s; process RSS peak ${mb(peak)} MB (${mb(peak - baseline)} MB over the ${mb(baseline)} MB before the worker); main thread event-loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
  );
  return result;
}

await measure("idle, for comparison (the machine's other load)", () => new Promise((resolve) => setTimeout(resolve, 3000)));
console.log(`file: ${pageCount} pages, ${(bytes.length / 1024 / 1024).toFixed(1)} MB`);
let lastPage = 0;
const examination = await measure("examine", () => documents.examine(bytes.slice(), ({ page }) => (lastPage = page)));
console.log(`  progress reached page ${lastPage}; ${examination.findings.length} findings: ${[...new Set(examination.findings.map((finding) => finding.kind))].join(", ")}`);
const flattened = await measure(`flatten at ${values.dpi} dpi`, () => documents.prepare(bytes.slice(), { flatten: true, dpi: Number(values.dpi) }));
console.log(`  flattened file ${(flattened.length / 1024 / 1024).toFixed(1)} MB`);
const again = await measure("examine the flattened file", () => documents.examine(flattened));
console.log(`  ${again.findings.length} findings`);
await documents.stop();
