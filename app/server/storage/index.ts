/**
 * Where uploaded media live: local disk under DATA_DIR/uploads by default, or an S3-compatible
 * bucket (MEDIA_STORAGE=s3) when the site runs on several machines.
 *
 * Whatever the store, the database and the article HTML name a file by its path under
 * UPLOADS_URL_PREFIX (`/uploads/abc.jpg`): moving the files to a bucket changes no stored record,
 * and pages turn the path into the public address as they render (lib/media-url.ts).
 */
import { constants } from "node:fs";
import { randomBytes } from "node:crypto";
import { access, link, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "../platform/config";
import { UPLOADS_URL_PREFIX, assertSafeMediaName, isSafeMediaName } from "./media-names";
import type { MediaStorage } from "./media-storage";
import { s3Storage } from "./s3";
import { StartupError } from "../platform/startup-error";

export { UPLOADS_URL_PREFIX };
export type { MediaStorage };

export function localDiskStorage(directory: string): MediaStorage {
  return {
    async save(name, data) {
      assertSafeMediaName(name);
      await mkdir(directory, { recursive: true });
      // Written aside, then linked under its name: a process killed mid-write leaves no half file under
      // an upload's name (media:variants trusts a name it finds), only a dot-file that list() skips.
      const partial = path.join(directory, `.partial-${randomBytes(8).toString("hex")}`);
      try {
        await writeFile(partial, data, { flag: "wx" });
        await link(partial, path.join(directory, name));
      } finally {
        await rm(partial, { force: true });
      }
      return UPLOADS_URL_PREFIX + name;
    },
    async remove(name) {
      assertSafeMediaName(name);
      await rm(path.join(directory, name), { force: true });
    },
    async *list() {
      const entries = await readdir(directory, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      for (const entry of entries) if (entry.isFile() && isSafeMediaName(entry.name)) yield entry.name;
    },
    async read(name) {
      assertSafeMediaName(name);
      try {
        return await readFile(path.join(directory, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async check() {
      try {
        await mkdir(directory, { recursive: true });
        await access(directory, constants.W_OK);
      } catch (error) {
        throw new StartupError(`The uploads folder ${directory} cannot be written: ${(error as Error).message}`);
      }
    },
  };
}

export function uploadsDirectory(): string {
  return path.join(config().dataDir, "uploads");
}

let current: MediaStorage | undefined;
/** The store this process's configuration names. */
export function mediaStorage(): MediaStorage {
  if (!current) {
    const cfg = config();
    current = cfg.mediaStorage ? s3Storage(cfg.mediaStorage) : localDiskStorage(uploadsDirectory());
  }
  return current;
}
