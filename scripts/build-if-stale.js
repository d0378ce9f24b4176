// Builds the site when the build is missing or older than the sources, for `npm start` and the
// commands that run the build's code (`npm run seed`).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const buildDir = process.env.BUILD_DIR ?? "build";
const BUILD_MARKER = path.join(buildDir, "server/index.js");
const SOURCES = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function buildIfStale() {
  const built = existsSync(BUILD_MARKER) ? statSync(BUILD_MARKER).mtimeMs : 0;
  if (built >= Math.max(...SOURCES.map(newestMtime))) return;
  console.log("Building the site (first start or changed sources)…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
