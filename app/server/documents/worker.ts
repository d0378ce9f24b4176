/**
 * The documents worker thread: examines, prepares and renders PDFs, and photos or scans of
 * documents (made PDFs of), off the request thread (issue 38), one job at a time, for the pool in
 * worker-pool.ts. A file that pdf.js, pdf-lib or sharp cannot read comes back as `unreadable`,
 * not as a dead thread.
 */
import { readlinkSync } from "node:fs";
import { constants, setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import type { Examination } from "./findings";
import type { PrepareOptions } from "./prepare";
import type { RenderedPage, RenderOptions } from "./render";

export type WorkerRequest = { id: number; bytes: Uint8Array } & (
  | { job: "examine" }
  | { job: "prepare"; options: PrepareOptions }
  | { job: "render"; options: RenderOptions }
);

/** The pool's answer to each rendered page: read the next one, or stop there. */
export interface WorkerResume {
  id: number;
  resume: boolean;
}

export type WorkerReply =
  | { id: number; progress: { page: number; pages: number } }
  | { id: number; examination: Examination }
  | { id: number; prepared: Uint8Array }
  | { id: number; page: RenderedPage }
  | { id: number; rendered: { pages: number } }
  | { id: number; unreadable: string };

/**
 * The thread's own scheduling priority, lowest: on a small machine this thread and the one that
 * answers readers share the cores, and a reader's request must not wait behind a page being read.
 * Linux takes a thread's id where a process's is asked for (setpriority(2)); elsewhere, or where
 * the process may not change it, the thread keeps the process's priority.
 */
function yieldToRequests() {
  try {
    const thread = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(thread)) setPriority(thread, constants.priority.PRIORITY_LOW);
  } catch {
    // No /proc (not Linux) or not permitted: the default priority.
  }
}

yieldToRequests();
const port = parentPort!;
const resumes = new Map<number, (resume: boolean) => void>();

const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/**
 * Each page is moved to the pool and the next one is read only once the pool has taken it, so
 * pages never pile up in either thread when the caller stores them slower than they are drawn.
 */
const handOver = (id: number) => (page: RenderedPage) =>
  new Promise<void>((resolve, reject) => {
    resumes.set(id, (resume) => {
      resumes.delete(id);
      if (resume) resolve();
      else reject(new Error("stopped by the caller"));
    });
    const buffers = [page.image, page.phone, page.thumbnail].flatMap((image) => (image ? [image.bytes.buffer as ArrayBuffer] : []));
    reply({ id, page }, buffers);
  });

/**
 * Each job's code is loaded by its first job, not at the thread's start: drawing pages needs pdf.js
 * and the canvas but not pdf-lib, and a thread lives for one whole-file job (worker-pool.ts), so
 * what it does not load is memory the server does not take while readers are served.
 */
port.on("message", async (message: WorkerRequest | WorkerResume) => {
  if ("resume" in message) return resumes.get(message.id)?.(message.resume);
  const request = message;
  try {
    if (request.job === "examine") {
      const { examine } = await import("./examine");
      reply({ id: request.id, examination: await examine(request.bytes, (progress) => reply({ id: request.id, progress })) });
    } else if (request.job === "prepare") {
      const { prepare } = await import("./prepare");
      const prepared = await prepare(request.bytes, request.options);
      reply({ id: request.id, prepared }, [prepared.buffer as ArrayBuffer]);
    } else {
      const { render } = await import("./render");
      reply({ id: request.id, rendered: await render(request.bytes, handOver(request.id), request.options) });
    }
  } catch (error) {
    reply({ id: request.id, unreadable: error instanceof Error ? error.message : String(error) });
  }
});
