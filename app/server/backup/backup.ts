/**
 * `npm run backup -- <dir>`: the database and the media of the site this configuration names
 * (DATA_DIR or DATABASE_URL, MEDIA_STORAGE), written into an empty folder with a manifest of
 * checksums (manifest.ts). The manifest is written last: a folder without one is a backup that
 * did not finish, and restore says so.
 */
import { readFileSync } from "node:fs";
import { chmod, mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { sourcePath } from "../platform/source-path";
import { config } from "../platform/config";
import { type MediaStorage, mediaStorage } from "../storage";
import { claimDataFolder, dumpEmbedded, isEmptyDataFolder } from "./embedded";
import { BackupError } from "./errors";
import { type MediaCopy, backupMedia } from "./media";
import { MANIFEST_FILE, type Manifest, type ManifestFile, PRIVATE_FILE, PRIVATE_FOLDER, hashFile, newManifest, sha256, writeDurably } from "./manifest";
import { describeMigrations } from "./migrations";
import { describeDatabase, dumpPostgres, inspectPostgres } from "./postgres";

const EMBEDDED_DUMP = "database/pglite-data.tar.gz";
const POSTGRES_DUMP = "database/postgres.dump";

export interface BackupResult {
  dir: string;
  manifest: Manifest;
  /** Objects in the media store that are not the site's uploads, left out of the backup. */
  skippedMedia: string[];
}

/** True when `dir` must be created; refuses a file, or a folder that already holds something. */
async function checkTarget(dir: string): Promise<boolean> {
  const info = await stat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (!info) return true;
  if (!info.isDirectory()) throw new BackupError(`${dir} is a file: name an empty or new folder for the backup.`);
  if ((await readdir(dir)).length > 0) {
    // An earlier backup's files would be mixed into this one, or overwritten.
    throw new BackupError(`${dir} is not empty: back up into an empty or new folder.`);
  }
  return false;
}

function appVersion(): { name: string; version: string | null } {
  const pkg = JSON.parse(readFileSync(sourcePath("package.json"), "utf8")) as { name?: string; version?: string };
  return { name: pkg.name ?? "khulasa", version: pkg.version ?? null };
}

interface Copied {
  database: Manifest["database"];
  dumpFile: ManifestFile;
  media: MediaCopy;
}

/** The caller holds the data folder: no server writes to the database or the uploads meanwhile. */
async function copyEmbedded(dbDir: string, target: string, storage: MediaStorage): Promise<Copied> {
  const dump = await dumpEmbedded(dbDir);
  await writeDurably(path.join(target, EMBEDDED_DUMP), dump.tarball);
  const dumpFile = { path: EMBEDDED_DUMP, size: dump.tarball.byteLength, sha256: sha256(dump.tarball) };
  const media = await backupMedia(storage, path.join(target, "media"));
  const database = { kind: "pglite" as const, server_version: dump.serverVersion, file: EMBEDDED_DUMP, migrations: describeMigrations(dump.migrations) };
  return { database, dumpFile, media };
}

/**
 * The servers keep running. The database goes first and the media after: an upload is stored
 * before any row names it, so every file the dump refers to is already in the store when the
 * media are copied. Files uploaded meanwhile come along unreferenced, which is harmless.
 */
async function copyPostgres(url: string, target: string, storage: MediaStorage): Promise<Copied> {
  const state = await inspectPostgres(url);
  if (state.migrations.length === 0) throw new BackupError(`${describeDatabase(url)} has no khulasa tables: nothing to back up (check DATABASE_URL).`);
  await dumpPostgres(url, path.join(target, POSTGRES_DUMP));
  // pg_dump writes under the process's umask.
  await chmod(path.join(target, POSTGRES_DUMP), PRIVATE_FILE);
  const dumpFile = { path: POSTGRES_DUMP, ...(await hashFile(path.join(target, POSTGRES_DUMP))) };
  const media = await backupMedia(storage, path.join(target, "media"));
  const database = { kind: "postgres" as const, server_version: state.serverVersion, file: POSTGRES_DUMP, migrations: describeMigrations(state.migrations) };
  return { database, dumpFile, media };
}

export async function backup(dir: string): Promise<BackupResult> {
  const cfg = config();
  const target = path.resolve(dir);
  const create = await checkTarget(target);
  const storage = mediaStorage();
  const dbDir = path.join(cfg.dataDir, "db");
  // Checked before the folder is made: a refusal leaves nothing behind.
  if (!cfg.databaseUrl && (await isEmptyDataFolder(dbDir))) throw new BackupError(`There is no embedded database in ${dbDir} to back up (check DATA_DIR).`);
  const release = cfg.databaseUrl ? async () => undefined : await claimDataFolder(dbDir);
  try {
    if (create) await mkdir(target, { recursive: true, mode: PRIVATE_FOLDER });
    await mkdir(path.join(target, "database"), { mode: PRIVATE_FOLDER });
    const copied = cfg.databaseUrl ? await copyPostgres(cfg.databaseUrl, target, storage) : await copyEmbedded(dbDir, target, storage);
    const manifest = newManifest({
      app: appVersion(),
      database: copied.database,
      media: { store: cfg.mediaStorage ? "s3" : "local", count: copied.media.files.length, bytes: copied.media.bytes },
      files: [copied.dumpFile, ...copied.media.files],
    });
    await writeDurably(path.join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return { dir: target, manifest, skippedMedia: copied.media.skipped };
  } catch (error) {
    // Nothing of a failed backup is left to be mistaken for one.
    if (create) await rm(target, { recursive: true, force: true });
    else for (const entry of await readdir(target).catch(() => [])) await rm(path.join(target, entry), { recursive: true, force: true });
    throw error;
  } finally {
    await release();
  }
}
