/**
 * The documents worker thread: examines and prepares PDFs off the request thread (issue 38),
 * one job at a time, for the pool in worker-pool.ts. A file that pdf.js or pdf-lib cannot read
 * comes back as `unreadable`, not as a dead thread.
 */
import { parentPort } from "node:worker_threads";
import { examine } from "./examine";
import { prepare, type PrepareOptions } from "./prepare";

export type WorkerRequest = { id: number; bytes: Uint8Array } & ({ job: "examine" } | { job: "prepare"; options: PrepareOptions });

export type WorkerReply =
  | { id: number; progress: { page: number; pages: number } }
  | { id: number; examination: Awaited<ReturnType<typeof examine>> }
  | { id: number; prepared: Uint8Array }
  | { id: number; unreadable: string };

const port = parentPort!;

port.on("message", async (request: WorkerRequest) => {
  const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  try {
    if (request.job === "examine") {
      reply({ id: request.id, examination: await examine(request.bytes, (progress) => reply({ id: request.id, progress })) });
    } else {
      const prepared = await prepare(request.bytes, request.options);
      reply({ id: request.id, prepared }, [prepared.buffer as ArrayBuffer]);
    }
  } catch (error) {
    reply({ id: request.id, unreadable: error instanceof Error ? error.message : String(error) });
  }
});
