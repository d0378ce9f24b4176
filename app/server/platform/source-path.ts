import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A file of the source tree that is read at run time rather than bundled (the migrations, the
 * database worker). The server bundle lives elsewhere than this module, so the tree is found by
 * walking up to the folder that holds both package.json and the file.
 */
export function sourcePath(relative: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, relative);
    if (existsSync(path.join(dir, "package.json")) && existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find ${relative}`);
    dir = parent;
  }
}
