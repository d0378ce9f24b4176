/**
 * One process per embedded data folder: PGlite does not notice a second process opening the same
 * folder, and two would corrupt it. The claim is an exclusive lock that the operating system holds
 * on `<dataDir>.lock` for as long as this process keeps the file open (an open-file-description
 * lock on Linux, flock on macOS), so it ends with the process however the process ends: a holder
 * that was killed releases it before it is reaped, and a pid that names some other process later
 * means nothing. The file holds the claimant's pid only to name it in the refusal
 * (docs/decisions.md, "The data folder's lock is the kernel's").
 */
import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, rmSync, statSync, ftruncateSync, writeSync } from "node:fs";
import path from "node:path";
import { tryLock } from "fs-native-extensions";

/** Another live process holds the folder; `holder` is its pid when it has written it yet. */
export class DataFolderInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: number | null,
  ) {
    super(`The embedded database in ${dataDir} is in use by ${holder === null ? "another process" : `process ${holder}`}`);
    this.name = "DataFolderInUse";
  }
}

function holderOf(fd: number): number | null {
  const pid = Number(readFileSync(fd, "utf8").trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Whether `fd` is still the file at `file`: a holder that just stopped removed the one we opened. */
function isStillAt(fd: number, file: string): boolean {
  const opened = fstatSync(fd);
  try {
    const current = statSync(file);
    return current.ino === opened.ino && current.dev === opened.dev;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/**
 * Locks the file at `lockFile` and writes this process's pid into it: its descriptor, or null when
 * the file was removed before we got the lock (its holder had just stopped), to be tried again.
 */
function claim(lockFile: string, dataDir: string): number | null {
  // Readable and writable by the server's user only: with flock (macOS) even a read-only
  // descriptor can take the lock, and another user must not be able to hold the folder.
  const fd = openSync(lockFile, constants.O_RDWR | constants.O_CREAT, 0o600);
  try {
    if (!tryLock(fd)) throw new DataFolderInUse(dataDir, holderOf(fd));
    if (!isStillAt(fd, lockFile)) {
      closeSync(fd);
      return null;
    }
    ftruncateSync(fd, 0);
    writeSync(fd, String(process.pid), 0);
    return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/**
 * Claims `dataDir` for this process, or throws DataFolderInUse. Returns the release, for a clean
 * stop; a process that dies without it releases the claim all the same.
 */
export function lockDataFolder(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  mkdirSync(path.dirname(lockFile), { recursive: true });
  let fd = claim(lockFile, dataDir);
  while (fd === null) fd = claim(lockFile, dataDir);
  const held = fd;
  return () => {
    // Removed while still locked, then closed: a process that opened this file meanwhile finds
    // it gone once it gets the lock, and claims the path's new file instead (isStillAt).
    rmSync(lockFile, { force: true });
    closeSync(held);
  };
}
