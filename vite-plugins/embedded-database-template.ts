/**
 * The empty embedded database a first start unpacks instead of running PGlite's initdb
 * (vite-plugins/make-empty-database.mjs), made once per PGlite version beside the server build,
 * in a process of its own: initdb's 740 MB stays out of the build's process and out of the
 * server's.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { TEMPLATE_FOLDER } from "../app/server/db/embedded-template";

const SCRIPT = fileURLToPath(new URL("./make-empty-database.mjs", import.meta.url));

export function embeddedDatabaseTemplate(): Plugin {
  return {
    name: "khulasa:embedded-database-template",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    closeBundle() {
      const { root, build } = this.environment.config;
      const folder = path.join(path.dirname(path.resolve(root, build.outDir)), TEMPLATE_FOLDER);
      const result = spawnSync(process.execPath, [SCRIPT, folder], { stdio: "inherit" });
      if (result.status !== 0) throw new Error(`making the empty embedded database failed (exit ${result.status})`);
    },
  };
}
