/**
 * A migration's own test: a database brought to the migrations before it, rows written in the old
 * shape, then every migration, and what reads back. The same body runs on the embedded database
 * (opened as the app opens it: search's migration needs pg_trgm) and on a throwaway PostgreSQL.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster } from "./postgres-cluster.mjs";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../app/server/db/migrations");

/** One connection of either kind, outside any transaction. */
export interface MigrationConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface MigrationRun {
  connection: MigrationConnection;
  /** Applies the migrations before `tag` (a journal entry, `0026_story_editions`); their number. */
  migrateBefore(tag: string): Promise<number>;
  /** Applies every migration there is. */
  migrateAll(): Promise<void>;
}

/** Copies the migrations folder with a journal that ends before `tag`. */
async function migrationsBefore(tag: string): Promise<{ folder: string; count: number; remove: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "khulasa-migrations-"));
  await cp(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at, `no migration ${tag} in the journal`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return { folder, count: at, remove: () => rm(folder, { recursive: true, force: true }) };
}

function runOf(connection: MigrationConnection, migrateTo: (folder: string) => Promise<void>): MigrationRun {
  return {
    connection,
    async migrateBefore(tag) {
      const before = await migrationsBefore(tag);
      try {
        await migrateTo(before.folder);
      } finally {
        await before.remove();
      }
      return before.count;
    },
    migrateAll: () => migrateTo(MIGRATIONS),
  };
}

/** `body` on a new embedded database, then on a new PostgreSQL database. */
export function onBothDatabases(title: string, body: (run: MigrationRun) => Promise<void>): void {
  describe(title, () => {
    it("on the embedded database", async () => {
      const client = await PGlite.create({ extensions: { pg_trgm } });
      const db = drizzlePglite(client);
      try {
        await body(runOf(client, (folder) => migratePglite(db, { migrationsFolder: folder })));
      } finally {
        await client.close();
      }
    });

    describe("on PostgreSQL", () => {
      let cluster: Awaited<ReturnType<typeof startCluster>>;
      let pool: pg.Pool;
      beforeAll(async () => {
        cluster = await startCluster();
        cluster.createDatabase("migration");
        pool = new pg.Pool({ connectionString: cluster.url("migration") });
      });
      afterAll(async () => {
        await pool?.end();
        cluster?.stop();
      });

      it("on PostgreSQL", async () => {
        const client = await pool.connect();
        try {
          await body(runOf(client, (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder })));
        } finally {
          client.release();
        }
      });
    });
  });
}
