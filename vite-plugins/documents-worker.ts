/**
 * The documents worker (app/server/documents/worker.ts) in the server's build, as a file of its
 * own, `build/server/documents-worker.js`, that a worker thread runs with plain Node: no tsx, no
 * source tree. It is an entry of the server's own Rollup build, so it is compiled with the same
 * settings and its packages (pdf.js, pdf-lib, @napi-rs/canvas) stay imports, resolved from
 * node_modules at run time as the server's are; code it shares with the server goes in a shared
 * chunk. The pool finds the file through app/server/documents/worker-location.ts, which the build
 * replaces with the file's address relative to wherever the pool's code ends up.
 */
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** The worker's file, in the server build's folder. */
export const DOCUMENTS_WORKER_FILE = "documents-worker.js";

const WORKER = fileURLToPath(new URL("../app/server/documents/worker.ts", import.meta.url));
const LOCATION = fileURLToPath(new URL("../app/server/documents/worker-location.ts", import.meta.url));

export function documentsWorker(): Plugin {
  let worker = "";
  return {
    name: "khulasa:documents-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      worker = this.emitFile({ type: "chunk", id: WORKER, fileName: DOCUMENTS_WORKER_FILE });
    },
    load(id) {
      if (id === LOCATION) return `export const builtWorker = import.meta.ROLLUP_FILE_URL_${worker};\n`;
    },
  };
}
