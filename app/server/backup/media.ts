/**
 * Uploaded media in and out of a backup, through the MediaStorage interface only: the same code
 * copies the local uploads folder and an S3 bucket.
 */
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { MediaStorage } from "../storage";
import { contentTypeOf, isSafeMediaName } from "../storage/media-names";
import { BackupError } from "./errors";
import { type ManifestFile, PRIVATE_FOLDER, sha256, writeDurably } from "./manifest";

/** Files copied at once: a bucket answers each read after a round trip, and a few overlap well. */
const PARALLEL = 8;

/** Runs `work` over `items`, at most PARALLEL at a time. */
async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

/** The store's names, sorted so that two backups of the same media list them alike. */
async function storedNames(storage: MediaStorage): Promise<{ names: string[]; skipped: string[] }> {
  const names: string[] = [];
  const skipped: string[] = [];
  // A bucket may hold objects the site never wrote (a folder, a stray upload): they are no upload
  // of ours, and their names could not be files of the backup folder.
  for await (const name of storage.list()) (isSafeMediaName(name) ? names : skipped).push(name);
  return { names: names.sort(), skipped };
}

export interface MediaCopy {
  files: ManifestFile[];
  bytes: number;
  /** Names in the store that are not the site's uploads, left out. */
  skipped: string[];
}

/** Copies every stored file into `mediaDir`, with its size and checksum. */
export async function backupMedia(storage: MediaStorage, mediaDir: string): Promise<MediaCopy> {
  await mkdir(mediaDir, { recursive: true, mode: PRIVATE_FOLDER });
  const { names, skipped } = await storedNames(storage);
  const files: ManifestFile[] = [];
  await eachLimited(names, async (name) => {
    const data = await storage.read(name);
    // Removed since it was listed (a server on PostgreSQL keeps running): nothing refers to it any more.
    if (data === null) return;
    await writeDurably(path.join(mediaDir, name), data);
    files.push({ path: `media/${name}`, size: data.byteLength, sha256: sha256(data) });
  });
  files.sort((a, b) => a.path.localeCompare(b.path));
  return { files, bytes: files.reduce((sum, file) => sum + file.size, 0), skipped };
}

export async function isEmptyStore(storage: MediaStorage): Promise<boolean> {
  for await (const _name of storage.list()) return false;
  return true;
}

/**
 * Writes the backup's media into the (empty) store. Each file is checked against its checksum
 * again as it is read: the backup folder may have changed since the restore verified it.
 */
export async function restoreMedia(storage: MediaStorage, backupDir: string, files: readonly ManifestFile[]): Promise<number> {
  let bytes = 0;
  await eachLimited(files, async (file) => {
    const name = file.path.slice("media/".length);
    const data = await readFile(path.join(backupDir, "media", name));
    if (sha256(data) !== file.sha256) throw new BackupError(`Checksum mismatch: ${file.path} changed during the restore. The media restored so far are incomplete.`);
    await storage.save(name, data, contentTypeOf(name));
    bytes += data.byteLength;
  });
  return bytes;
}
