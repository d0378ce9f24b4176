// What the operators' commands (`npm run backup`, `restore`, `media:migrate`) share: their one
// folder argument, and the production build they run, loaded with a bad setting said in one line.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildDir, buildIfStale } from "./build-if-stale.js";

/** The command's one folder, or the usage line and exit 2. */
export function folderArgument(usage) {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0].startsWith("-")) {
    console.error(usage);
    process.exit(2);
  }
  // `npm run` starts in the project's folder: a relative folder is the operator's, from where they typed it.
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);
}

/** The production build (made first if stale); a setting it cannot use ends the command in one line. */
export async function loadBuild() {
  buildIfStale();
  process.env.NODE_ENV = "production";
  try {
    return await import(pathToFileURL(path.resolve(buildDir, "server/index.js")).href);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
