/**
 * `npm run restore -- <dir>`: a backup (backup.ts) into the empty data folder or database, and the
 * empty media store, that this configuration names. Nothing is written until the target is known
 * to be empty and every file of the backup matches its checksum.
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { config } from "../platform/config";
import { type MediaStorage, mediaStorage, uploadsDirectory } from "../storage";
import { claimDataFolder, isEmptyDataFolder, loadEmbedded } from "./embedded";
import { BackupError } from "./errors";
import { isEmptyStore, restoreMedia } from "./media";
import { type Manifest, type ManifestFile, readManifest, sha256, verifyFiles } from "./manifest";
import { assertKnownSchema } from "./migrations";
import { databaseAddress } from "../platform/startup-error";
import { describeDatabase, inspectPostgres, restorePostgres } from "./postgres";

export interface RestoreResult {
  dir: string;
  manifest: Manifest;
  /** Where the database went, for the operator: a folder, or a database's address. */
  database: string;
  /** Where the media went. */
  media: string;
}

function describeStore(): string {
  const s3 = config().mediaStorage;
  return s3 ? `the bucket "${s3.bucket}"${s3.endpoint ? ` at ${s3.endpoint}` : ""}` : uploadsDirectory();
}

async function assertEmptyStore(storage: MediaStorage): Promise<void> {
  // A bucket that cannot be reached is named in the store's own one line, not a stack of SDK
  // errors. The local store's check creates its folder, which a refused restore must not leave.
  if (config().mediaStorage) {
    await storage.check().catch((error: unknown) => {
      throw new BackupError(error instanceof Error ? error.message : String(error));
    });
  }
  if (!(await isEmptyStore(storage))) {
    const advice = config().mediaStorage ? "restore into an empty bucket" : "restore into an empty DATA_DIR";
    throw new BackupError(`The media store (${describeStore()}) is not empty: ${advice}.`);
  }
}

/** The backup must be of the kind of database this configuration names: a dump of one does not load into the other. */
function assertSameKind(manifest: Manifest, databaseUrl: string | undefined): void {
  if (manifest.database.kind === "pglite" && databaseUrl) {
    throw new BackupError("This is a backup of the embedded database: it restores into an empty DATA_DIR with DATABASE_URL unset, not into PostgreSQL.");
  }
  if (manifest.database.kind === "postgres" && !databaseUrl) {
    throw new BackupError("This is a backup of a PostgreSQL database: set DATABASE_URL to an empty database to restore it into.");
  }
}

async function readBackup(dir: string): Promise<Manifest> {
  const info = await stat(dir).catch(() => null);
  if (!info) throw new BackupError(`There is no backup at ${dir}: the folder does not exist.`);
  if (!info.isDirectory()) throw new BackupError(`${dir} is a file: name the folder the backup was written to.`);
  return readManifest(dir);
}

/** The database is in place by now: a failure says what is left to clean before trying again. */
async function restoreMediaAfter(database: "embedded" | "PostgreSQL", storage: MediaStorage, source: string, files: readonly ManifestFile[]): Promise<void> {
  try {
    await restoreMedia(storage, source, files);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\.?$/, ".");
    const clean = database === "embedded" ? "the DATA_DIR" : "the database";
    throw new BackupError(`The ${database} database was restored, but not all the media: ${reason} Empty ${clean} and the media store, then restore again.`);
  }
}

export async function restore(dir: string): Promise<RestoreResult> {
  const cfg = config();
  const source = path.resolve(dir);
  const manifest = await readBackup(source);
  assertSameKind(manifest, cfg.databaseUrl);
  assertKnownSchema(manifest.database.migrations.latest);
  const storage = mediaStorage();
  const mediaFiles = manifest.files.filter((file) => file.path.startsWith("media/"));
  const dumpFile = path.join(source, ...manifest.database.file.split("/"));

  if (cfg.databaseUrl) {
    const url = cfg.databaseUrl;
    const state = await inspectPostgres(url);
    if (state.tables > 0) {
      throw new BackupError(`${describeDatabase(url)} is not empty (${state.tables} tables): restore into an empty database (createdb -E UTF8 --locale=C.UTF-8 -T template0 …).`);
    }
    await assertEmptyStore(storage);
    await verifyFiles(source, manifest);
    await restorePostgres(url, dumpFile);
    await restoreMediaAfter("PostgreSQL", storage, source, mediaFiles);
    return { dir: source, manifest, database: `the database at ${databaseAddress(url)}`, media: describeStore() };
  }

  const dbDir = path.join(cfg.dataDir, "db");
  // Held from the emptiness check to the last file: no server may start on a half-restored folder.
  const release = await claimDataFolder(dbDir);
  try {
    if (!(await isEmptyDataFolder(dbDir))) throw new BackupError(`${dbDir} already holds a database: restore into an empty DATA_DIR.`);
    await assertEmptyStore(storage);
    await verifyFiles(source, manifest);
    const tarball = await readFile(dumpFile);
    // Read again after the check: it must still be the file that was checked.
    const expected = manifest.files.find((file) => file.path === manifest.database.file);
    if (sha256(tarball) !== expected?.sha256) throw new BackupError(`Checksum mismatch: ${manifest.database.file} changed during the restore. Nothing was restored.`);
    await loadEmbedded(dbDir, tarball);
    await restoreMediaAfter("embedded", storage, source, mediaFiles);
    return { dir: source, manifest, database: dbDir, media: describeStore() };
  } finally {
    await release();
  }
}
