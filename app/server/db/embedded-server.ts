/**
 * Starts the embedded database (PGlite) in a worker thread, so that the request thread only sends
 * queries and reads answers (docs/decisions.md, "The embedded database in a worker"). node-postgres
 * reaches it through a stream of this module's own, which carries the wire protocol over a
 * MessagePort: nothing listens on a socket, so nothing else on the machine can reach the database.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { Duplex } from "node:stream";
import { MessageChannel, type MessagePort, Worker } from "node:worker_threads";
import { DataFolderInUse, lockDataFolder } from "./data-folder-lock";
import { sourcePath } from "../platform/source-path";
import { logError } from "~/server/platform/log";
import { TEMPLATE_FOLDER } from "./embedded-template";

export interface EmbeddedServer {
  /** A new connection's stream, for a `pg` pool's `stream` setting. */
  connect(): Duplex;
  stop(): Promise<void>;
}

/**
 * The socket-shaped side of a connection to the worker: node-postgres writes each protocol
 * message separately, and the messages of one call (Parse, Bind, Execute, Sync) go to the worker
 * as one post at the end of the tick.
 */
class WorkerConnection extends Duplex {
  private outgoing: Buffer[] = [];

  constructor(private readonly port: MessagePort) {
    super();
    port.on("message", (answer: Uint8Array) => this.push(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength)));
    // The worker closed the connection (or refused it): node-postgres learns so from 'close'.
    port.on("close", () => {
      this.push(null);
      setImmediate(() => this.destroy());
    });
  }

  // What node-postgres asks of a socket.
  connect(): this {
    queueMicrotask(() => this.emit("connect"));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): void {
    this.port.ref();
  }
  unref(): void {
    this.port.unref();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (this.outgoing.push(chunk) === 1) {
      queueMicrotask(() => {
        const batch = this.outgoing.length === 1 ? this.outgoing[0]! : Buffer.concat(this.outgoing);
        this.outgoing = [];
        this.port.postMessage(batch);
      });
    }
    done();
  }
  override _read(): void {}
  override _final(done: (error?: Error | null) => void): void {
    this.port.close();
    done();
  }
  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.port.close();
    done(error);
  }
}

type WorkerMessage = { type: "ready" } | { type: "stopped" };

function nextMessage(worker: Worker, type: WorkerMessage["type"]): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      if (message.type !== type) return;
      cleanup();
      resolve();
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`The embedded database stopped (exit code ${code})`));
    };
    const cleanup = () => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
  });
}

async function lockDataDir(dataDir: string): Promise<() => void> {
  try {
    return await lockDataFolder(dataDir);
  } catch (error) {
    if (error instanceof DataFolderInUse) throw new Error(`${error.message}: stop it first (one process per data folder).`);
    throw error;
  }
}

/** The template this checkout's build made, for the databases the tests keep in memory; none before a build. */
function checkoutTemplate(): string | undefined {
  try {
    return path.dirname(sourcePath(path.join("build", TEMPLATE_FOLDER, "database-template.json")));
  } catch {
    return undefined;
  }
}

/**
 * `dataDir` "memory" keeps the database in memory (tests). A data folder with no database yet
 * starts as a copy of the empty one in `templateFolder` (the build's, vite-plugins/make-empty-database.mjs).
 */
export async function startEmbeddedServer(dataDir: string | "memory", templateFolder?: string): Promise<EmbeddedServer> {
  // PGlite does not create parent folders.
  if (dataDir !== "memory") mkdirSync(path.dirname(dataDir), { recursive: true });
  const unlock = dataDir === "memory" ? () => undefined : await lockDataDir(dataDir);
  let worker: Worker;
  try {
    worker = new Worker(sourcePath("app/server/db/pglite-worker.mjs"), {
      workerData: { dataDir: dataDir === "memory" ? undefined : dataDir, templateFolder: templateFolder ?? checkoutTemplate() },
    });
    await nextMessage(worker, "ready");
  } catch (error) {
    unlock();
    throw error;
  }
  // After start-up, a dead database thread leaves nothing to serve: say why and let the process
  // supervisor restart us, rather than answer every request with a connection error.
  const onCrash = (error: Error) => {
    logError("The embedded database failed", error);
    process.exit(1);
  };
  worker.on("error", onCrash);
  return {
    connect() {
      const { port1, port2 } = new MessageChannel();
      worker.postMessage({ type: "connect", port: port2 }, [port2]);
      return new WorkerConnection(port1);
    },
    async stop() {
      worker.off("error", onCrash);
      const stopped = nextMessage(worker, "stopped");
      worker.postMessage({ type: "stop" });
      await stopped;
      await worker.terminate();
      unlock();
    },
  };
}
