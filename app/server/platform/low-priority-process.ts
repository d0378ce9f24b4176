/**
 * Heavy work beside the server in a child process at the lowest scheduling priority, every one of
 * its threads included (issue 38, docs/decisions.md "Documents drawn in a process of their own").
 * A worker thread at nice 19 was not enough: it shares the process's other threads, which run at
 * the readers' priority (V8's garbage-collection and compiler helpers, libuv's pool), and its
 * memory allocator, whose lock a reader's request waited for while the low-priority thread that
 * held it waited for a core. A process shares none of them. It speaks as a worker thread does
 * (`postMessage`, `message`, `exit`, `terminate`), so a pool can take either.
 */
import { type ChildProcess, fork, type Serializable } from "node:child_process";
import { EventEmitter } from "node:events";
import { readdirSync, readlinkSync } from "node:fs";
import { constants, setPriority } from "node:os";
import { fileURLToPath } from "node:url";
import { parentPort, type Worker } from "node:worker_threads";

/** What a pool uses of a worker thread; a process started here offers the same. */
export type WorkerLike = Pick<Worker, "postMessage" | "on" | "terminate" | "unref">;

/** A child process as a pool sees a worker thread: what it is sent is copied through its channel, never moved. */
class ProcessAsWorker extends EventEmitter {
  constructor(private readonly child: ChildProcess) {
    super();
    child.on("message", (message) => this.emit("message", message));
    child.on("error", (error) => this.emit("error", error));
    child.on("exit", (code) => this.emit("exit", code ?? 1));
  }

  postMessage(message: unknown) {
    if (this.child.connected) this.child.send(message as Serializable);
  }

  terminate() {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.kill("SIGKILL");
    return exited;
  }

  unref() {
    this.child.unref();
    this.child.channel?.unref();
  }
}

export interface LowPriorityProcessOptions {
  /** The heap of the process, in megabytes (its old generation, as a thread's `maxOldGenerationSizeMb`). */
  heapMb: number;
  /** Run through tsx (the source tree's TypeScript: tests, the dev server, the benches). */
  typescript?: boolean;
}

/** Starts `entry` (a module that answers through `parentChannel`) in a child process of its own. */
export function lowPriorityProcess(entry: URL, { heapMb, typescript = false }: LowPriorityProcessOptions): WorkerLike {
  const loader = typescript ? [`--import=${import.meta.resolve("tsx")}`] : [];
  const child = fork(fileURLToPath(entry), [], {
    execArgv: [...loader, `--max-old-space-size=${heapMb}`],
    // Typed arrays arrive as typed arrays (the structured clone of a worker thread's messages).
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new ProcessAsWorker(child) as unknown as WorkerLike;
}

/** The channel back to whoever started this module: the parent thread, or the parent process. */
export interface ParentChannel {
  postMessage(message: unknown, transfer?: ArrayBuffer[]): void;
  onMessage(listener: (message: never) => void): void;
}

export function parentChannel(): ParentChannel {
  const port = parentPort;
  if (port) return { postMessage: (message, transfer) => port.postMessage(message, transfer), onMessage: (listener) => void port.on("message", listener as (message: unknown) => void) };
  if (!process.send) throw new Error("started neither as a worker thread nor as a child process with a channel");
  // The server is gone: so is the reason to finish the job.
  process.on("disconnect", () => process.exit(0));
  return {
    postMessage: (message) => process.send!(message as Serializable),
    onMessage: (listener) => void process.on("message", listener as (message: unknown) => void),
  };
}

/**
 * Lowers this code's scheduling priority to the lowest: in a child process every thread it has
 * (threads started later inherit the value from the thread that starts them), in a worker thread
 * that thread alone. Linux takes a thread's id where a process's is asked for (setpriority(2));
 * elsewhere, or where the process may not change it, the priority stays as it was.
 */
export function yieldToRequests() {
  try {
    const threads = parentPort ? [Number(readlinkSync("/proc/thread-self").split("/").pop())] : readdirSync("/proc/self/task").map(Number);
    for (const thread of threads) if (Number.isInteger(thread)) setPriority(thread, constants.priority.PRIORITY_LOW);
  } catch {
    // No /proc (not Linux) or not permitted: the default priority.
  }
}
