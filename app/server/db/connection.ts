import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { preparingClient } from "./prepared-statements";
import * as schema from "./schema";
import { sourcePath } from "./source-path";

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
  listen(channel: string, onSignal: (payload: string) => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
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

/**
 * Opens the database and applies every pending migration. Both kinds are reached through one
 * `pg` pool and one Drizzle driver: the embedded database answers the wire protocol from a worker
 * thread (embedded-server.ts). Drivers load lazily so a build never opens one.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const embedded = target.kind === "pglite" ? await (await import("./embedded-server")).startEmbeddedServer(target.dataDir) : undefined;
  const Client = preparingClient(pg);
  const pool = embedded
    ? // One connection, kept open: the embedded database has a single session.
      new pg.Pool({ stream: () => embedded.connect(), user: "postgres", database: "postgres", Client, max: 1, idleTimeoutMillis: 0 })
    : new pg.Pool({ connectionString: target.kind === "postgres" ? target.url : undefined, Client, max: 10 });
  // An idle client that loses its server (a restart) must not take the process down with it.
  pool.on("error", (error) => console.error("Database connection lost", error));
  const db = drizzle(pool, { schema });
  const listeners: import("pg").Client[] = [];
  const close = async () => {
    await Promise.all(listeners.map((client) => client.end()));
    await pool.end();
    await embedded?.stop();
  };
  try {
    // Instances starting together must not run the same migration twice: serialise on a lock.
    const lock = await pool.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(drizzle(lock, { schema }), { migrationsFolder: sourcePath("app/server/db/migrations") });
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
      lock.release();
    }
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  if (target.kind === "pglite") {
    return { db: db as unknown as Database, kind: "pglite", listen: async () => undefined, notify: async () => undefined, close };
  }
  return {
    db: db as unknown as Database,
    kind: "postgres",
    async listen(channel, onSignal) {
      // LISTEN needs a connection of its own that stays open, outside the pool.
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      client.on("notification", (message) => message.channel === channel && onSignal(message.payload ?? ""));
      client.on("error", (error) => console.error("LISTEN connection failed", error));
      await client.query(`LISTEN ${pgIdentifier(channel)}`);
      listeners.push(client);
    },
    async notify(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [pgIdentifier(channel), payload]);
    },
    close,
  };
}
