/**
 * Starts the embedded database (PGlite) in a worker thread, served on a private Unix socket, so
 * that the request thread only sends queries and reads answers (docs/decisions.md, "The embedded
 * database in a worker"). The socket lives in a fresh 0700 folder: PGlite asks for no password, so
 * no other local user may reach it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Claims the data folder for this process. PGlite does not notice a second process opening the
 * same folder, and two would corrupt it; a lock left by a process that died is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  let holder = Number.NaN;
  try {
    holder = Number(readFileSync(lockFile, "utf8"));
  } catch {
    // no lock: the folder is free
  }
  if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
    throw new Error(`The embedded database in ${dataDir} is in use by process ${holder}: stop it first (one process per data folder).`);
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

/** `dataDir` "memory" keeps the database in memory (tests). */
export async function startEmbeddedServer(dataDir: string | "memory"): Promise<EmbeddedServer> {
  // PGlite does not create parent folders.
  if (dataDir !== "memory") mkdirSync(path.dirname(dataDir), { recursive: true });
  const unlock = dataDir === "memory" ? () => undefined : lockDataDir(dataDir);
  const socketDir = mkdtempSync(path.join(os.tmpdir(), "khulasa-db-"));
  const release = () => {
    rmSync(socketDir, { recursive: true, force: true });
    unlock();
  };
  let worker: Worker;
  try {
    worker = new Worker(sourcePath("app/server/db/pglite-worker.mjs"), {
      workerData: {
        dataDir: dataDir === "memory" ? undefined : dataDir,
        socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
      },
    });
    await nextMessage(worker, "ready");
  } catch (error) {
    release();
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
      release();
    },
  };
}
