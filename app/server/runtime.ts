/**
 * The process-wide application state: one database handle, opened lazily (PGlite allows one
 * process per data folder and must never open during a build), then migrated and bootstrapped.
 */
import path from "node:path";
import { config } from "./config";
import { type Database, type DatabaseHandle, openDatabase } from "./db/connection";
import { bootstrap } from "./bootstrap";
import { PageCache } from "./cache/page-cache";

const PAGE_CACHE_CHANNEL = "khulasa_page_cache";

/** The public answers of this process (pages, feeds, anonymous API reads). */
export const pageCache = new PageCache(config().pageCacheBytes);

let opening: Promise<DatabaseHandle> | undefined;

async function open(): Promise<DatabaseHandle> {
  const cfg = config();
  const handle = await openDatabase(
    cfg.databaseUrl
      ? { kind: "postgres", url: cfg.databaseUrl }
      : { kind: "pglite", dataDir: path.join(cfg.dataDir, "db") },
  );
  await bootstrap(handle, cfg);
  // A content write on any instance clears every instance's cached pages.
  await handle.listen(PAGE_CACHE_CHANNEL, () => pageCache.clear());
  pageCache.onInvalidate(() => {
    handle.notify(PAGE_CACHE_CHANNEL).catch((error) => console.error("Page-cache notification failed", error));
  });
  return handle;
}

export async function database(): Promise<Database> {
  opening ??= open();
  return (await opening).db;
}

/** Opens, migrates and bootstraps; the server calls it before it listens. */
export async function startApp(): Promise<void> {
  await database();
}

export async function stopApp(): Promise<void> {
  if (!opening) return;
  const handle = await opening;
  opening = undefined;
  await handle.close();
}
