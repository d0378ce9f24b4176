/**
 * The embedded database (PGlite) for backup and restore: opened here directly rather than through
 * the server's worker thread, because the dump and the load are PGlite's own calls
 * (`dumpDataDir`, `loadDataDir`), not SQL.
 */
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { BackupError } from "./errors";
import { APPLIED_MIGRATIONS_SQL, HAS_MIGRATIONS_TABLE_SQL } from "./migrations";

type PGliteInstance = import("@electric-sql/pglite").PGlite;

/**
 * Claims the data folder the way the server does (db/data-folder-lock.ts), so that a running
 * server is named rather than copied mid-write, and a server started during the backup or the
 * restore refuses to open a folder that is being read or filled. Returns the release. The lock
 * is imported when called, like PGlite below: a site on PostgreSQL never loads its native module.
 */
export async function claimDataFolder(dbDir: string): Promise<() => Promise<void>> {
  const { DataFolderInUse, lockDataFolder } = await import("../db/data-folder-lock");
  try {
    const release = await lockDataFolder(dbDir);
    return async () => release();
  } catch (error) {
    if (error instanceof DataFolderInUse) throw new BackupError(`${error.message} (a running server): stop it first, then run this again.`);
    throw error;
  }
}

/** True when there is nothing in `dbDir`: a restore never writes over a database. */
export async function isEmptyDataFolder(dbDir: string): Promise<boolean> {
  const entries = await readdir(dbDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  return entries.length === 0;
}

async function openPGlite(options: { dataDir: string; loadDataDir?: Blob }): Promise<PGliteInstance> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  // The extension search's migration created: its indexes are part of the data folder.
  return PGlite.create({ ...options, extensions: { pg_trgm } });
}

async function describe(db: PGliteInstance): Promise<{ serverVersion: string; migrations: number[] }> {
  const version = await db.query<{ server_version: string }>("show server_version");
  const present = await db.query<{ present: boolean }>(HAS_MIGRATIONS_TABLE_SQL);
  const applied = present.rows[0]?.present ? await db.query<{ applied: string }>(APPLIED_MIGRATIONS_SQL) : { rows: [] };
  return { serverVersion: version.rows[0]?.server_version ?? "unknown", migrations: applied.rows.map((row) => Number(row.applied)) };
}

export interface EmbeddedDump {
  /** The data folder as a gzipped tarball. */
  tarball: Uint8Array;
  serverVersion: string;
  migrations: number[];
}

/** The caller holds the folder (claimDataFolder): nothing else writes while it is copied. */
export async function dumpEmbedded(dbDir: string): Promise<EmbeddedDump> {
  if (await isEmptyDataFolder(dbDir)) throw new BackupError(`There is no embedded database in ${dbDir} to back up (check DATA_DIR).`);
  const db = await openPGlite({ dataDir: dbDir });
  try {
    const { serverVersion, migrations } = await describe(db);
    // The files then hold every committed change themselves, not only in the write-ahead log.
    await db.exec("CHECKPOINT");
    const dump = await db.dumpDataDir("gzip");
    return { tarball: new Uint8Array(await dump.arrayBuffer()), serverVersion, migrations };
  } finally {
    await db.close();
  }
}

/**
 * Unpacks a dumped data folder into the empty `dbDir` and opens it once, so that a tarball PGlite
 * cannot start from fails here and not at the server's next start. On failure the folder is
 * removed again: the target stays empty, and the restore can be run again.
 */
export async function loadEmbedded(dbDir: string, tarball: Uint8Array<ArrayBuffer>): Promise<void> {
  // PGlite does not create parent folders.
  await mkdir(path.dirname(dbDir), { recursive: true });
  try {
    const db = await openPGlite({ dataDir: dbDir, loadDataDir: new Blob([tarball], { type: "application/x-gzip" }) });
    try {
      await describe(db);
    } finally {
      await db.close();
    }
  } catch (error) {
    await rm(dbDir, { recursive: true, force: true });
    throw new BackupError(`The embedded database could not be restored from the backup: ${error instanceof Error ? error.message : String(error)}`);
  }
}
