import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction handle has the same query API as the database. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute" | "query">;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * Cross-instance signals (PostgreSQL LISTEN/NOTIFY). The embedded database has one process, so
   * there the signal has no one else to reach and both calls do nothing.
   */
  listen(channel: string, onSignal: () => void): Promise<void>;
  notify(channel: string): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string | "memory" }
  | { kind: "postgres"; url: string };

const MIGRATION_LOCK = 715000;

/** Channel names are ours, but keep them from ever being read as SQL. */
function pgIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad channel name: ${name}`);
  return name;
}

/** The migrations folder sits beside this module in the source tree; the server bundle lives elsewhere. */
function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "app/server/db/migrations");
    if (existsSync(path.join(dir, "package.json")) && existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find app/server/db/migrations");
    dir = parent;
  }
}

/** Opens the database and applies every pending migration. Drivers load lazily so a build never opens one. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzle(pool, { schema });
    // Instances starting together must not run the same migration twice: serialise on a lock.
    const lock = await pool.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(db, { migrationsFolder: migrationsFolder() });
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
      lock.release();
    }
    const listeners: import("pg").Client[] = [];
    return {
      db: db as unknown as Database,
      kind: "postgres",
      async listen(channel, onSignal) {
        // LISTEN needs a connection of its own that stays open, outside the pool.
        const client = new pg.Client({ connectionString: target.url });
        await client.connect();
        client.on("notification", (message) => message.channel === channel && onSignal());
        client.on("error", (error) => console.error("LISTEN connection failed", error));
        await client.query(`LISTEN ${pgIdentifier(channel)}`);
        listeners.push(client);
      },
      async notify(channel) {
        await pool.query(`NOTIFY ${pgIdentifier(channel)}`);
      },
      async close() {
        await Promise.all(listeners.map((client) => client.end()));
        await pool.end();
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // PGlite does not create parent folders.
  if (target.dataDir !== "memory") mkdirSync(path.dirname(target.dataDir), { recursive: true });
  // The embedded engine ships pg_trgm apart; search's migration creates the extension from it.
  const client = new PGlite({ dataDir: target.dataDir === "memory" ? undefined : target.dataDir, extensions: { pg_trgm } });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    listen: async () => undefined,
    notify: async () => undefined,
    close: () => client.close(),
  };
}
