/**
 * The documents worker: examines, prepares and renders PDFs, and photos or scans of documents
 * (made PDFs of), off the request thread (issue 38), one job at a time, for the pool in
 * worker-pool.ts, in a process of its own at the lowest priority (platform/low-priority-process.ts;
 * a worker thread in the pool's tests of a dying worker). A file that pdf.js, pdf-lib or sharp
 * cannot read comes back as `unreadable`, not as a dead worker.
 */
import { parentChannel, yieldToRequests } from "../platform/low-priority-process";
import { examine } from "./examine";
import { prepare, type PrepareOptions } from "./prepare";
import { render, type RenderedPage, type RenderOptions } from "./render";

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
  | { id: number; examination: Awaited<ReturnType<typeof examine>> }
  | { id: number; prepared: Uint8Array }
  | { id: number; page: RenderedPage }
  | { id: number; rendered: { pages: number } }
  | { id: number; unreadable: string };

yieldToRequests();
const port = parentChannel();
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

port.onMessage(async (message: WorkerRequest | WorkerResume) => {
  if ("resume" in message) return resumes.get(message.id)?.(message.resume);
  const request = message;
  try {
    if (request.job === "examine") {
      reply({ id: request.id, examination: await examine(request.bytes, (progress) => reply({ id: request.id, progress })) });
    } else if (request.job === "prepare") {
      const prepared = await prepare(request.bytes, request.options);
      reply({ id: request.id, prepared }, [prepared.buffer as ArrayBuffer]);
    } else {
      reply({ id: request.id, rendered: await render(request.bytes, handOver(request.id), request.options) });
    }
  } catch (error) {
    reply({ id: request.id, unreadable: error instanceof Error ? error.message : String(error) });
  }
});
