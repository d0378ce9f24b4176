/**
 * A backup's manifest.json: what made it, what it holds, and a SHA-256 per file, so that a restore
 * can refuse a backup damaged on its way to or from storage before it writes anything.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { isSafeMediaName } from "../storage/media-names";
import { BackupError } from "./errors";

export const MANIFEST_FILE = "manifest.json";
const FORMAT = "khulasa-backup";
/** Raised when a change to the layout would make an older restore misread a newer backup. */
const FORMAT_VERSION = 1;

export type DatabaseKind = "pglite" | "postgres";

export interface ManifestFile {
  /** Relative to the backup folder, always with forward slashes: `database/…` or `media/<name>`. */
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  format_version: number;
  created_at: string;
  app: { name: string; version: string | null };
  database: {
    kind: DatabaseKind;
    /** The PostgreSQL version that wrote the data: an embedded data folder opens only in a PGlite of the same major version. */
    server_version: string;
    /** The file under `database/`: PGlite's data folder as a gzipped tarball, or `pg_dump --format=custom`. */
    file: string;
    migrations: { count: number; latest: string | null };
  };
  media: { store: "local" | "s3"; count: number; bytes: number };
  files: ManifestFile[];
}

export type ManifestContents = Omit<Manifest, "format" | "format_version" | "created_at">;

export function newManifest(contents: ManifestContents): Manifest {
  return { format: FORMAT, format_version: FORMAT_VERSION, created_at: new Date().toISOString(), ...contents };
}

export function sha256(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** Streamed: a database dump may be larger than what is comfortable to hold in memory. */
export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest("hex") };
}

/**
 * A backup holds password hashes and sessions: its folders and files are for the user who made it
 * only, like the first admin's password file.
 */
export const PRIVATE_FOLDER = 0o700;
export const PRIVATE_FILE = 0o600;

/** Written and flushed to disk before the backup reports success: a backup that is only in the page cache is not one. */
export async function writeDurably(file: string, data: Uint8Array | string): Promise<void> {
  const handle = await open(file, "wx", PRIVATE_FILE);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const DATABASE_FILE = /^database\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A manifest names files inside the backup folder only: nothing in it can make a restore read elsewhere. */
function isBackupPath(file: string): boolean {
  if (DATABASE_FILE.test(file)) return true;
  return file.startsWith("media/") && isSafeMediaName(file.slice("media/".length));
}

function isManifestFile(value: unknown): value is ManifestFile {
  const file = value as ManifestFile;
  return (
    typeof file === "object" && file !== null &&
    typeof file.path === "string" && isBackupPath(file.path) &&
    Number.isSafeInteger(file.size) && file.size >= 0 &&
    typeof file.sha256 === "string" && /^[0-9a-f]{64}$/.test(file.sha256)
  );
}

/** Reads and checks the shape of `dir`/manifest.json: a restore trusts nothing it has not checked. */
export async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new BackupError(`${dir} has no ${MANIFEST_FILE}: it is not a backup, or one that did not finish.`);
    }
    throw error;
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new BackupError(`${file} is not valid JSON: the backup is damaged.`);
  }
  if (manifest?.format !== FORMAT) throw new BackupError(`${file} is not the manifest of a khulasa backup.`);
  if (manifest.format_version !== FORMAT_VERSION) {
    throw new BackupError(`${file} is of backup format ${String(manifest.format_version)}; this version reads format ${FORMAT_VERSION}: restore it with the version that made it.`);
  }
  const database = manifest.database;
  const files = manifest.files;
  const valid =
    typeof database === "object" && database !== null &&
    (database.kind === "pglite" || database.kind === "postgres") &&
    typeof database.file === "string" &&
    Array.isArray(files) && files.every(isManifestFile) &&
    files.some((entry) => entry.path === database.file) &&
    new Set(files.map((entry) => entry.path)).size === files.length;
  if (!valid) throw new BackupError(`${file} is damaged: its list of files is incomplete or names files outside the backup.`);
  return manifest;
}

/**
 * Every file against its size and checksum, before a restore writes anything. All are checked, so
 * that the message names every damaged file rather than the first of several.
 */
export async function verifyFiles(dir: string, manifest: Manifest): Promise<void> {
  const missing: string[] = [];
  const mismatched: string[] = [];
  for (const entry of manifest.files) {
    const file = path.join(dir, ...entry.path.split("/"));
    const exists = await stat(file).then((info) => info.isFile(), () => false);
    if (!exists) {
      missing.push(entry.path);
      continue;
    }
    const actual = await hashFile(file);
    if (actual.size !== entry.size || actual.sha256 !== entry.sha256) mismatched.push(entry.path);
  }
  const listed = (names: string[]) => (names.length <= 3 ? names.join(", ") : `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`);
  const problems = [
    ...(mismatched.length > 0 ? [`${listed(mismatched)} ${mismatched.length === 1 ? "does" : "do"} not match the manifest`] : []),
    ...(missing.length > 0 ? [`${listed(missing)} ${missing.length === 1 ? "is" : "are"} missing`] : []),
  ];
  if (problems.length === 0) return;
  const heading = mismatched.length > 0 ? "Checksum mismatch" : "Incomplete backup";
  throw new BackupError(`${heading} in ${dir}: ${problems.join("; ")}. Nothing was restored.`);
}
