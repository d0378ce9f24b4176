// Readers while the newsroom examines and publishes a large document (issue 38): the built server,
// as `npm start` runs it, serves a cached article under wrk (a process of its own) three times:
// alone, while a 100-page, 20 MB PDF is examined after its upload, and while its pages are drawn
// for readers after it is published. The worker does the work on the other core; the figures say
// what it costs the requests. Appends to bench/results.jsonl.
//
//   npx tsx bench/documents-load.ts [--pages 100]
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { largePdf } from "./large-pdf";
import { METRICS_TOKEN, ensureWrk, mainThread, newDataDir, prepareBuild, publishedArticles, record, removeDataDir, seedArchive, signIn, startServer, summary, wrk, type RunningServer } from "./support.js";

const { values } = parseArgs({ options: { pages: { type: "string", default: "100" } } });
const pages = Number(values.pages);

prepareBuild();
ensureWrk();

interface DocumentState {
  id: number;
  status: string;
  findings: unknown[];
  progress: { page: number; pages: number } | null;
}

/** Asks for the document until its job has ended, and says how long that took. */
async function jobEnd(server: RunningServer, headers: Record<string, string>, id: number, started: number): Promise<{ document: DocumentState; seconds: number }> {
  for (;;) {
    const { document } = (await (await fetch(`${server.base}/api/documents/${id}`, { headers })).json()) as { document: DocumentState };
    if (document.status !== "examining" && document.status !== "publishing") return { document, seconds: +((performance.now() - started) / 1000).toFixed(1) };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The reads measured during a job: its first 20 s, while the worker is surely busy (a 100-page file's jobs take longer). */
const DURING_SECONDS = 20;

/** The main thread's event-loop lag since it was last asked, in ms: whether the requests waited for that thread or for a core. */
const eventLoopLag = async (server: RunningServer) => (await mainThread(server.base)).lag;

/** Milliseconds of CPU in a /proc stat line (utime + stime, in clock ticks of 10 ms), and its nice value. */
function statTimes(path: string): { ms: number; nice: number } {
  const fields = readFileSync(path, "utf8").split(") ")[1]!.split(" ");
  return { ms: (Number(fields[11]) + Number(fields[12])) * 10, nice: Number(fields[16]) };
}

/** Reads what may have ended meanwhile. */
function whileThere<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** The server's child processes (the documents worker). */
const childrenOf = (pid: number) =>
  readdirSync(`/proc/${pid}/task`).flatMap((task) => whileThere(() => readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number)) ?? []);

/** The CPU time each of the server's threads, the server as a whole, and each of its child processes has used. */
function cpuTimes(pid: number) {
  const total = statTimes(`/proc/${pid}/stat`).ms;
  const threads = new Map<number, { ms: number; nice: number }>();
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const times = whileThere(() => statTimes(`/proc/${pid}/task/${task}/stat`));
    if (times) threads.set(Number(task), times);
  }
  const children = new Map<number, number>();
  for (const child of childrenOf(pid)) {
    const times = whileThere(() => statTimes(`/proc/${child}/stat`));
    if (times) children.set(child, times.ms);
  }
  return { total, threads, children };
}

/**
 * Seconds of a core the server used during a window, by who used them: the thread that answers
 * readers; the server's threads at a low priority; every other thread of the server, at the
 * readers' own priority (the embedded database's, V8's garbage-collection and compiler helpers,
 * libuv's pool), which competes with the readers for a core; threads that ended before the window
 * did (the documents worker ends its thread after each job over a whole file; the process's own
 * count keeps their time); and its child processes (the documents worker, at the lowest priority).
 */
function cpuSplit(pid: number, before: ReturnType<typeof cpuTimes>, after: ReturnType<typeof cpuTimes>) {
  const split = { request_thread_s: 0, low_priority_threads_s: 0, other_normal_priority_threads_s: 0, ended_threads_s: 0, child_processes_s: 0 };
  let counted = 0;
  for (const [task, { ms, nice }] of after.threads) {
    const used = (ms - (before.threads.get(task)?.ms ?? 0)) / 1000;
    counted += used;
    if (task === pid) split.request_thread_s += used;
    else if (nice > 0) split.low_priority_threads_s += used;
    else split.other_normal_priority_threads_s += used;
  }
  split.ended_threads_s = Math.max(0, (after.total - before.total) / 1000 - counted);
  for (const [child, ms] of after.children) split.child_processes_s += (ms - (before.children.get(child) ?? 0)) / 1000;
  return Object.fromEntries(Object.entries(split).map(([name, seconds]) => [name, +seconds.toFixed(1)])) as typeof split;
}

/** The high-water mark of the server's child processes' memory (the documents worker, when it runs in one), in MB. */
const childrenPeakRssMb = (pid: number) =>
  childrenOf(pid).reduce((total, child) => total + (whileThere(() => Number(/^VmHWM:\s+(\d+)/m.exec(readFileSync(`/proc/${child}/status`, "utf8"))?.[1] ?? 0)) ?? 0), 0) / 1024;

const loadAverage = () => os.loadavg().map((load) => +load.toFixed(2));

/** wrk on `path` while the job runs, then the job's own time. */
async function readsDuring(server: RunningServer, path: string, job: () => Promise<{ seconds: number }>) {
  await eventLoopLag(server);
  const load_average = loadAverage();
  const before = cpuTimes(server.pid);
  let workerPeak = 0;
  const [{ reads, cpu }, done] = await Promise.all([
    wrk(server.base + path, { seconds: DURING_SECONDS }).then((reads) => ({ reads, cpu: cpuSplit(server.pid, before, cpuTimes(server.pid)) })),
    job().then((done) => {
      workerPeak = childrenPeakRssMb(server.pid);
      return done;
    }),
  ]);
  return {
    reads: summary(reads),
    main_thread_lag: await eventLoopLag(server),
    cpu,
    job_seconds: done.seconds,
    peak_rss_mb: server.peakRssMb(),
    worker_process_peak_rss_mb: Math.round(workerPeak),
    load_average,
  };
}

const dataDir = newDataDir();
let server: RunningServer | undefined;
try {
  const target = { dataDir };
  seedArchive(target, 300);
  server = await startServer(target, { METRICS_TOKEN });
  const [article] = await publishedArticles(server.base, 1);
  const path = `/article/${encodeURIComponent(article!.slug)}`;
  const session = await signIn(server.base);
  const headers = { cookie: session.cookie, origin: session.origin };
  const file = await largePdf(pages);
  console.log(`file: ${pages} pages, ${(file.byteLength / 1024 / 1024).toFixed(1)} MB`);

  await wrk(server.base + path, { seconds: 3 });
  await eventLoopLag(server);
  const load_average = loadAverage();
  const before = cpuTimes(server.pid);
  const reads = summary(await wrk(server.base + path, { seconds: DURING_SECONDS }));
  const cpu = cpuSplit(server.pid, before, cpuTimes(server.pid));
  const alone = { ...reads, main_thread_lag: await eventLoopLag(server), cpu, peak_rss_mb: server.peakRssMb(), load_average };
  console.log("cached article alone", JSON.stringify(alone));

  const form = new FormData();
  form.set("file", new Blob([Buffer.from(file)], { type: "application/pdf" }), "ledger.pdf");
  form.set("title_en", "The ministry's ledger");
  let id = 0;
  const examining = await readsDuring(server, path, async () => {
    const started = performance.now();
    const res = await fetch(`${server!.base}/api/documents`, { method: "POST", headers, body: form });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    id = ((await res.json()) as { document: DocumentState }).document.id;
    return jobEnd(server!, headers, id, started);
  });
  console.log("while examining", JSON.stringify(examining));

  const json = { ...headers, "content-type": "application/json" };
  const prepare = await fetch(`${server.base}/api/documents/${id}/prepare`, { method: "POST", headers: json, body: JSON.stringify({ flatten: false }) });
  if (prepare.status !== 202) throw new Error(`prepare: ${prepare.status}`);
  const prepared = await jobEnd(server, headers, id, performance.now());
  // The drawing's peak below is the process's high-water mark, so the preparation's is noted apart.
  const preparing = { job_seconds: prepared.seconds, peak_rss_mb: server.peakRssMb() };
  console.log(`prepared (rewritten) in ${prepared.seconds} s: ${prepared.document.findings.length} findings left`, JSON.stringify(preparing));

  const publishing = await readsDuring(server, path, async () => {
    const started = performance.now();
    const body = prepared.document.findings.length > 0 ? { override: { reason: "The benchmark's black boxes cover nothing secret." } } : {};
    const res = await fetch(`${server!.base}/api/documents/${id}/publish`, { method: "POST", headers: json, body: JSON.stringify(body) });
    if (res.status !== 202) throw new Error(`publish: ${res.status} ${await res.text()}`);
    return jobEnd(server!, headers, id, started);
  });
  console.log("while drawing its pages", JSON.stringify(publishing));

  const entry = record({ bench: "documents_load", pages, file_mb: +(file.byteLength / 1024 / 1024).toFixed(1), cached_article: { alone, examining, publishing }, preparing });
  console.log(JSON.stringify(entry));
} finally {
  await server?.stop();
  removeDataDir(dataDir);
}
