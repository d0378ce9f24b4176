/**
 * Examining, preparing and rendering PDFs in a worker thread (issue 38): reading a 100-page file takes
 * seconds of a core and a few hundred megabytes at its peak, which on the request thread would
 * stop every reader's page meanwhile. One thread, since the machine has two cores and the server
 * answers on the other; jobs wait their turn in order, at most `waiting` of them, and past that
 * the answer is "busy", never an unbounded heap. The thread's heap is capped, so a file that would
 * need more kills its thread, fails its own job, and the next job gets a new thread. A job over a
 * whole file (an examination, a preparation, a publication's drawing) ends its thread, so that the
 * next starts from an empty heap rather than on top of what the last one grew (issue 38: a
 * document's four jobs ran in one thread, each peak above the last); a thread that drew one page
 * for the back office stays for the next look, and ends once idle for `idleMs`.
 */
import { Worker } from "node:worker_threads";
import type { Examination, ExaminationProgress } from "./findings";
import type { PrepareOptions } from "./prepare";
import type { RenderedPage, RenderOptions } from "./render";
import type { WorkerReply, WorkerRequest, WorkerResume } from "./worker";
import { threadFromSource } from "../platform/thread-from-source";
import { builtWorker } from "./worker-location";

/** Why a job failed: the file is not a PDF we can read, too many wait, or the thread died under it. */
export class DocumentJobError extends Error {
  constructor(
    readonly reason: "unreadable" | "busy" | "failed",
    detail: string = reason,
  ) {
    super(detail);
    this.name = "DocumentJobError";
  }
}

export interface DocumentWorkerOptions {
  waiting?: number;
  idleMs?: number;
  /** The heap of the thread, in megabytes. */
  heapMb?: number;
  spawn?: (heapMb: number) => Worker;
}

interface Job {
  request: WorkerRequest;
  onProgress?: (progress: ExaminationProgress) => void;
  onPage?: (page: RenderedPage) => void | Promise<void>;
  /** What `onPage` threw: the job fails with it once the thread has let go of the file. */
  stopped?: { error: unknown };
  resolve: (value: Examination | Uint8Array | Rendering) => void;
  reject: (error: unknown) => void;
}

export interface Rendering {
  pages: number;
}

/** A job that reads the whole file; the back office's look at one page does not. */
const wholeFile = (request: WorkerRequest) => request.job !== "render" || request.options.page === undefined;

/** From the source tree the worker is TypeScript, run through tsx. */
export function spawnFromSource(heapMb: number): Worker {
  return threadFromSource(new URL("./worker.ts", import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
}

/** The worker as the server's build carries it (worker-location.ts): plain JavaScript, no tsx, no source tree. */
function spawnBuilt(file: string): (heapMb: number) => Worker {
  return (heapMb) => new Worker(new URL(file), { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
}

export function documentWorker({ waiting = 8, idleMs = 60_000, heapMb = 256, spawn = builtWorker ? spawnBuilt(builtWorker) : spawnFromSource }: DocumentWorkerOptions = {}) {
  const queue: Job[] = [];
  let worker: Worker | null = null;
  let current: Job | null = null;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 0;

  const next = () => {
    current = queue.shift() ?? null;
    if (!current) {
      idle = setTimeout(() => {
        void worker?.terminate();
        worker = null;
      }, idleMs);
      idle.unref();
      return;
    }
    clearTimeout(idle);
    worker ??= start();
    const { request } = current;
    // Moved, not copied, when the bytes fill their buffer; a view into a larger one is copied.
    const whole = request.bytes.byteOffset === 0 && request.bytes.byteLength === request.bytes.buffer.byteLength;
    if (!whole) request.bytes = request.bytes.slice();
    worker.postMessage(request, [request.bytes.buffer as ArrayBuffer]);
  };

  const start = () => {
    const thread = spawn(heapMb);
    thread.unref();
    thread.on("message", (reply: WorkerReply) => {
      const job = current;
      if (!job || job.request.id !== reply.id) return;
      if ("progress" in reply) return job.onProgress?.(reply.progress);
      if ("page" in reply) return void handOver(thread, job, reply.page);
      if (job.stopped) job.reject(job.stopped.error);
      else if ("unreadable" in reply) job.reject(new DocumentJobError("unreadable", reply.unreadable));
      else job.resolve("examination" in reply ? reply.examination : "prepared" in reply ? reply.prepared : reply.rendered);
      if (wholeFile(job.request)) {
        worker = null;
        void thread.terminate();
      }
      next();
    });
    const died = () => {
      if (worker !== thread) return;
      worker = null;
      current?.reject(new DocumentJobError("failed"));
      next();
    };
    thread.on("error", died);
    thread.on("exit", died);
    return thread;
  };

  /** The thread reads the next page only once the caller has taken this one (worker.ts). */
  const handOver = async (thread: Worker, job: Job, page: RenderedPage) => {
    let resume = true;
    try {
      await job.onPage?.(page);
    } catch (error) {
      job.stopped = { error };
      resume = false;
    }
    if (worker === thread && current === job) thread.postMessage({ id: job.request.id, resume } satisfies WorkerResume);
  };

  const submit = <T extends Examination | Uint8Array | Rendering>(request: WorkerRequest, listeners: Pick<Job, "onProgress" | "onPage"> = {}) =>
    new Promise<T>((resolve, reject) => {
      if (queue.length >= waiting) return reject(new DocumentJobError("busy"));
      queue.push({ request, ...listeners, resolve: resolve as Job["resolve"], reject });
      if (!current) next();
    });

  return {
    /** Bytes that fill their own buffer are moved to the thread: the caller keeps a copy if it needs one. */
    examine: (bytes: Uint8Array, onProgress?: (progress: ExaminationProgress) => void) =>
      submit<Examination>({ id: nextId++, job: "examine", bytes }, { onProgress }),
    prepare: (bytes: Uint8Array, options: PrepareOptions) => submit<Uint8Array>({ id: nextId++, job: "prepare", bytes, options }),
    /**
     * Each page, in order, as soon as it is drawn (render.ts); the next page is drawn once the
     * promise `onPage` returns has settled, so pages never pile up in memory. If `onPage` throws,
     * the rendering stops there and fails with that error.
     */
    render: (bytes: Uint8Array, onPage: (page: RenderedPage) => void | Promise<void>, options: RenderOptions = {}) =>
      submit<Rendering>({ id: nextId++, job: "render", bytes, options }, { onPage }),
    stop: async () => {
      clearTimeout(idle);
      for (const job of queue.splice(0)) job.reject(new DocumentJobError("busy"));
      const thread = worker;
      worker = null;
      current?.reject(new DocumentJobError("busy"));
      current = null;
      await thread?.terminate();
    },
  };
}
