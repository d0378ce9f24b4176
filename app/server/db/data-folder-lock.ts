/**
 * One process per embedded data folder: PGlite does not notice a second process opening the same
 * folder, and two would corrupt it. The claim is an exclusive lock that the operating system holds
 * on `<dataDir>.lock` for as long as this process keeps the file open (an open-file-description
 * lock on Linux, flock on macOS), so it ends with the process however the process ends: a holder
 * that was killed releases it as it exits, before it is reaped, and a pid that names some other
 * process later means nothing. The file holds the claimant's pid only to name it in the refusal
 * (docs/decisions.md, "The embedded data folder's lock is the kernel's").
 */
import { closeSync, constants, fstatSync, ftruncateSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { tryLock } from "fs-native-extensions";

/** Another live process holds the folder; `holder` is its pid, once it has written it. */
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
 * How long a start waits for a holder that is still exiting. A killed server's memory is torn down
 * before its files are closed: its lock came free 0.2 to 0.5 s after SIGKILL here, under load.
 */
const EXITING_HOLDER_MS = 3_000;
const RETRY_MS = 50;

/**
 * Claims `dataDir` for this process, or throws DataFolderInUse once `patienceMs` have passed.
 * Returns the release, for a clean stop; a process that dies without it releases the claim all
 * the same.
 */
export async function lockDataFolder(dataDir: string, patienceMs = EXITING_HOLDER_MS): Promise<() => void> {
  const lockFile = `${dataDir}.lock`;
  mkdirSync(path.dirname(lockFile), { recursive: true });
  const deadline = Date.now() + patienceMs;
  let fd: number | null = null;
  while (fd === null) {
    try {
      fd = claim(lockFile, dataDir);
    } catch (error) {
      if (!(error instanceof DataFolderInUse) || Date.now() >= deadline) throw error;
      await sleep(RETRY_MS);
    }
  }
  const held = fd;
  return () => {
    // Removed while still locked, then closed: a process that opened this file meanwhile finds
    // it gone once it gets the lock, and claims the path's new file instead (isStillAt).
    rmSync(lockFile, { force: true });
    closeSync(held);
  };
}
