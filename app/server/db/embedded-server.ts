/**
 * Starts the embedded database (PGlite) in a worker thread, served on a private Unix socket, so
 * that the request thread only sends queries and reads answers (docs/decisions.md, "The embedded
 * database in a worker"). The socket lives in a fresh 0700 folder: PGlite asks for no password, so
 * no other local user may reach it.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { sourcePath } from "./source-path";

/** pg reaches a Unix socket as `${host}/.s.PGSQL.${port}`. */
const SOCKET_PORT = 5432;

export interface EmbeddedServer {
  /** Connection settings for a `pg` pool. */
  connection: { host: string; port: number; user: string; database: string };
  stop(): Promise<void>;
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

/** `dataDir` "memory" keeps the database in memory (tests). */
export async function startEmbeddedServer(dataDir: string | "memory"): Promise<EmbeddedServer> {
  // PGlite does not create parent folders.
  if (dataDir !== "memory") mkdirSync(path.dirname(dataDir), { recursive: true });
  const socketDir = mkdtempSync(path.join(os.tmpdir(), "khulasa-db-"));
  const worker = new Worker(sourcePath("app/server/db/pglite-worker.mjs"), {
    workerData: {
      dataDir: dataDir === "memory" ? undefined : dataDir,
      socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
    },
  });
  try {
    await nextMessage(worker, "ready");
  } catch (error) {
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
  // After start-up, a dead database thread leaves nothing to serve: say why and let the process
  // supervisor restart us, rather than answer every request with a connection error.
  const onCrash = (error: Error) => {
    console.error("The embedded database failed", error);
    process.exit(1);
  };
  worker.on("error", onCrash);
  return {
    connection: { host: socketDir, port: SOCKET_PORT, user: "postgres", database: "postgres" },
    async stop() {
      worker.off("error", onCrash);
      const stopped = nextMessage(worker, "stopped");
      worker.postMessage({ type: "stop" });
      await stopped;
      await worker.terminate();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
