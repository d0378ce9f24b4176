// Readers while the newsroom examines and publishes a large document (issue 38): the built server,
// as `npm start` runs it, serves a cached article under wrk (a process of its own) three times:
// alone, while a 100-page, 20 MB PDF is examined after its upload, and while its pages are drawn
// for readers after it is published. The worker does the work on the other core; the figures say
// what it costs the requests. Appends to bench/results.jsonl.
//
//   npx tsx bench/documents-load.ts [--pages 100]
import { parseArgs } from "node:util";
import { largePdf } from "./large-pdf";
import { ensureWrk, newDataDir, prepareBuild, publishedArticles, record, removeDataDir, seedArchive, signIn, startServer, summary, wrk, type RunningServer } from "./support.js";

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

/** Lets the bench read the server's own metrics (server/app.ts): the main thread's event-loop lag. */
const METRICS_TOKEN = "documents-bench";

/**
 * The lag of the server's main thread since the last time it was asked (prom-client resets its
 * event-loop histogram at each scrape), in ms: whether the requests waited for that thread or for
 * a core.
 */
async function eventLoopLag(server: RunningServer) {
  const text = await (await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const seconds = (name: string) => Number(text.match(new RegExp(`^${name} (\\S+)$`, "m"))?.[1] ?? NaN);
  return { p99_ms: +(seconds("nodejs_eventloop_lag_p99_seconds") * 1000).toFixed(1), max_ms: +(seconds("nodejs_eventloop_lag_max_seconds") * 1000).toFixed(1) };
}

/** wrk on `path` while the job runs, then the job's own time. */
async function readsDuring(server: RunningServer, path: string, job: () => Promise<{ seconds: number }>) {
  await eventLoopLag(server);
  const [reads, done] = await Promise.all([wrk(server.base + path, { seconds: DURING_SECONDS }), job()]);
  return { reads: summary(reads), main_thread_lag: await eventLoopLag(server), job_seconds: done.seconds, peak_rss_mb: server.peakRssMb() };
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
  const alone = { ...summary(await wrk(server.base + path, { seconds: DURING_SECONDS })), main_thread_lag: await eventLoopLag(server) };
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
  console.log(`prepared (rewritten) in ${prepared.seconds} s: ${prepared.document.findings.length} findings left`);

  const publishing = await readsDuring(server, path, async () => {
    const started = performance.now();
    const body = prepared.document.findings.length > 0 ? { override: { reason: "The benchmark's black boxes cover nothing secret." } } : {};
    const res = await fetch(`${server!.base}/api/documents/${id}/publish`, { method: "POST", headers: json, body: JSON.stringify(body) });
    if (res.status !== 202) throw new Error(`publish: ${res.status} ${await res.text()}`);
    return jobEnd(server!, headers, id, started);
  });
  console.log("while drawing its pages", JSON.stringify(publishing));

  const entry = record({ bench: "documents_load", pages, file_mb: +(file.byteLength / 1024 / 1024).toFixed(1), cached_article: { alone, examining, publishing } });
  console.log(JSON.stringify(entry));
} finally {
  await server?.stop();
  removeDataDir(dataDir);
}
