/**
 * Argon2id in worker threads (issue 36), for the tip line's path without JavaScript, which
 * derives a source's keys from a codename on the server (twice for an answer). Each derivation
 * takes 64 MiB and a fraction of a second of a core; on the request thread it stopped every other
 * request meanwhile.
 *
 * At most `size` derivations run at once (two: 128 MiB, and as many cores as the smallest machine
 * we run on has), each in a thread of its own, and at most `waiting` more wait their turn; past
 * that, and when a thread dies under a derivation, the answer is a 503 the source can try again,
 * never an unbounded heap or a crashed server. A thread idle for `idleMs` ends, giving its memory
 * back: WebAssembly's memory only grows while it lives.
 */
import { Worker } from "node:worker_threads";
import type { Argon2id } from "~/lib/tips/crypto";
import { AppError } from "../errors";
import { sourcePath } from "./source-path";

interface Job {
  id: number;
  request: { length: number; password: string; salt: Uint8Array; opslimit: number; memlimit: number };
  resolve: (derived: Uint8Array) => void;
  reject: (error: unknown) => void;
}

interface Thread {
  worker: Worker;
  job?: Job;
  idle?: NodeJS.Timeout;
}

export interface Argon2idPoolOptions {
  /** Derivations at once, each in its own thread. */
  size?: number;
  /** Derivations that may wait for a thread; more are refused with a 503. */
  waiting?: number;
  idleMs?: number;
  /** Starts a thread (tests start one that fails). */
  spawn?: () => Worker;
}

const busy = () => new AppError(503, "serviceUnavailable");

export function argon2idPool({ size = 2, waiting = 16, idleMs = 60_000, spawn = () => new Worker(sourcePath("app/server/platform/argon2id-worker.mjs")) }: Argon2idPoolOptions = {}): { argon2id: Argon2id; stop: () => Promise<void> } {
  const threads = new Set<Thread>();
  const queue: Job[] = [];
  let nextId = 0;

  const finish = (thread: Thread) => {
    thread.job = undefined;
    const job = queue.shift();
    if (job) return run(thread, job);
    thread.idle = setTimeout(() => {
      threads.delete(thread);
      void thread.worker.terminate();
    }, idleMs);
    thread.idle.unref();
  };

  const run = (thread: Thread, job: Job) => {
    clearTimeout(thread.idle);
    thread.job = job;
    thread.worker.postMessage({ id: job.id, ...job.request });
  };

  const start = (): Thread => {
    const thread: Thread = { worker: spawn() };
    threads.add(thread);
    thread.worker.unref();
    thread.worker.on("message", ({ id, derived }: { id: number; derived: Uint8Array }) => {
      if (thread.job?.id !== id) return;
      thread.job.resolve(derived);
      finish(thread);
    });
    // A thread that dies (out of memory, a fault in the WebAssembly) fails its own derivation
    // with a 503; the next derivation gets a new thread.
    const died = () => {
      if (!threads.delete(thread)) return;
      clearTimeout(thread.idle);
      thread.job?.reject(busy());
      const job = queue.shift();
      if (job) run(start(), job);
    };
    thread.worker.on("error", died);
    thread.worker.on("exit", died);
    return thread;
  };

  const argon2id: Argon2id = (length, password, salt, opslimit, memlimit) =>
    new Promise((resolve, reject) => {
      const job: Job = { id: nextId++, request: { length, password, salt, opslimit, memlimit }, resolve, reject };
      const free = [...threads].find((thread) => !thread.job);
      if (free) return run(free, job);
      if (threads.size < size) return run(start(), job);
      if (queue.length >= waiting) return reject(busy());
      queue.push(job);
    });

  const stop = async () => {
    for (const job of queue.splice(0)) job.reject(busy());
    const all = [...threads];
    threads.clear();
    for (const thread of all) {
      clearTimeout(thread.idle);
      thread.job?.reject(busy());
    }
    await Promise.all(all.map((thread) => thread.worker.terminate()));
  };

  return { argon2id, stop };
}

/** The server's pool: no thread until the first derivation. */
export const argon2idInWorkers: Argon2id = argon2idPool().argon2id;
