/**
 * The documents worker (app/server/documents/worker.ts) in the server's build, as
 * `build/server/documents-worker.js` (server-worker.ts); its pool finds the file through
 * app/server/documents/worker-location.ts. Its packages (pdf.js, pdf-lib, @napi-rs/canvas) stay
 * imports, resolved from node_modules at run time.
 */
import { serverWorker } from "./server-worker";

/** The worker's file, in the server build's folder. */
export const DOCUMENTS_WORKER_FILE = "documents-worker.js";

export const documentsWorker = () =>
  serverWorker({
    name: "documents-worker",
    worker: "app/server/documents/worker.ts",
    location: "app/server/documents/worker-location.ts",
    fileName: DOCUMENTS_WORKER_FILE,
  });
