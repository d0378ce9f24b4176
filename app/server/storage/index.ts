/**
 * Where uploaded media live. Local disk under DATA_DIR/uploads by default; the interface is what an
 * S3-compatible store implements when the site runs on several machines.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "../process/config";

export interface MediaStorage {
  /** Stores `data` under the server-generated `name` and returns its public URL path. */
  save(name: string, data: Uint8Array, contentType: string): Promise<string>;
  /** Removes what `save` stored under `name`; a name never stored is no error. */
  remove(name: string): Promise<void>;
}

const SAFE_NAME = /^[a-z0-9][a-z0-9._-]*$/i;

export const UPLOADS_URL_PREFIX = "/uploads/";

export function localDiskStorage(directory: string): MediaStorage {
  return {
    async save(name, data) {
      if (!SAFE_NAME.test(name)) throw new Error(`unsafe media name: ${name}`);
      await mkdir(directory, { recursive: true });
      await writeFile(path.join(directory, name), data, { flag: "wx" });
      return UPLOADS_URL_PREFIX + name;
    },
    async remove(name) {
      if (!SAFE_NAME.test(name)) throw new Error(`unsafe media name: ${name}`);
      await rm(path.join(directory, name), { force: true });
    },
  };
}

export function uploadsDirectory(): string {
  return path.join(config().dataDir, "uploads");
}

let current: MediaStorage | undefined;
export function mediaStorage(): MediaStorage {
  current ??= localDiskStorage(uploadsDirectory());
  return current;
}
