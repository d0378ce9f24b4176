import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * A worker thread whose entry is TypeScript of the source tree (tests, the dev server, benches run
 * from source), run through tsx (a devDependency): tsx's loader is registered inside the new
 * thread, as a loader given to the parent does not reach a thread's own imports on Node 20. The
 * server's build runs a built file instead (vite-plugins/server-worker.ts).
 */
export function threadFromSource(entry: URL, options: WorkerOptions = {}): Worker {
  const tsx = import.meta.resolve("tsx/esm/api");
  return new Worker(`import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}))`, {
    ...options,
    eval: true,
  });
}
