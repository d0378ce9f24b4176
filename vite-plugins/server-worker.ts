/**
 * A worker thread's entry (app/server/…/worker.ts) in the server's build, as a file of its own,
 * `build/server/<fileName>`, that a worker thread runs with plain Node: no tsx, no source tree. It is
 * an entry of the server's own Rollup build, so it is compiled with the same settings and its
 * packages stay imports, resolved from node_modules at run time as the server's are; code it
 * shares with the server goes in a shared chunk. The code that spawns the thread finds the file
 * through a location module, which the build replaces with the file's address relative to wherever
 * that code ends up.
 */
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

export interface ServerWorker {
  name: string;
  /** The thread's entry and its location module, relative to the repository. */
  worker: string;
  location: string;
  /** The entry's file in the server build's folder. */
  fileName: string;
}

export function serverWorker({ name, worker, location, fileName }: ServerWorker): Plugin {
  const entry = fileURLToPath(new URL(`../${worker}`, import.meta.url));
  const locationId = fileURLToPath(new URL(`../${location}`, import.meta.url));
  let reference = "";
  return {
    name: `khulasa:${name}`,
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      reference = this.emitFile({ type: "chunk", id: entry, fileName });
    },
    load(id) {
      if (id === locationId) return `export const builtWorker = import.meta.ROLLUP_FILE_URL_${reference};\n`;
    },
  };
}
