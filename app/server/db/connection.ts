import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { preparingClient } from "./prepared-statements";
import * as schema from "./schema";
import { writeEditionPreferences } from "./edition-preferences";
import { writeSearchConfigurations } from "./search-configurations";
import { appliedMigrations, settleAfterRewrite } from "./settle-after-rewrite";
import { sourcePath } from "../platform/source-path";
import { StartupError, databaseUnreachable } from "../platform/startup-error";
import { log } from "~/server/platform/log";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction handle has the same query API as the database. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute" | "query">;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** The connection pool behind `db`, for libraries that speak to PostgreSQL themselves (shared rate limits). */
  pool: import("pg").Pool;
  /**
   * Cross-instance signals (PostgreSQL LISTEN/NOTIFY). The embedded database has one process, so
   * there the signal has no one else to reach and both calls do nothing.
   */
  /** `onGap` is told when the listening connection came back after losing its server: signals may have been missed. */
  listen(channel: string, onSignal: (payload: string) => void, onGap?: () => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  /** `templateFolder`: where the build keeps the empty database a new data folder starts from (embedded-server.ts). */
  | { kind: "pglite"; dataDir: string | "memory"; templateFolder?: string }
  | { kind: "postgres"; url: string };

const MIGRATION_LOCK = 715000;
/**
 * Connections kept open to the embedded database. It runs one statement at a time, but with one
 * connection it sat idle from each answer until the request thread had read it and sent the next
 * statement; with several, the next is already waiting (pglite-worker.mjs, docs/decisions.md).
 */
const EMBEDDED_CONNECTIONS = 4;
const CONNECT_TIMEOUT_MS = 5_000;
const LISTEN_RETRY_MS = 2_000;

/**
 * Nepali text needs a database that classifies Unicode letters. Under LC_CTYPE C (or POSIX), or a
 * non-UTF-8 encoding, PostgreSQL does not see Devanagari as letters: pg_trgm makes no trigrams of
 * a Nepali word (search's partial-word matching finds nothing), `\w` does not match it, and lower()
 * folds no non-ASCII letter (checked on PostgreSQL 15). C.UTF-8 (code-point order) is fine.
 */
async function assertUnicodeDatabase(client: import("pg").PoolClient): Promise<void> {
  const { rows } = await client.query<{ encoding: string; ctype: string }>(
    "select pg_encoding_to_char(encoding) as encoding, datctype as ctype from pg_database where datname = current_database()",
  );
  const [database] = rows;
  if (!database) return;
  if (database.encoding !== "UTF8" || /^(C|POSIX)$/i.test(database.ctype)) {
    throw new StartupError(
      `The database uses ${database.encoding} with LC_CTYPE ${database.ctype}, which does not see Devanagari as letters: search would miss Nepali words. Create it with a UTF-8 locale (createdb -E UTF8 --locale=C.UTF-8 -T template0 …).`,
    );
  }
}

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
  const embedded = target.kind === "pglite" ? await (await import("./embedded-server")).startEmbeddedServer(target.dataDir, target.templateFolder) : undefined;
  const Client = preparingClient(pg);
  const pool = embedded
    ? new pg.Pool({ stream: () => embedded.connect(), user: "postgres", database: "postgres", Client, max: EMBEDDED_CONNECTIONS, idleTimeoutMillis: 0 })
    : // A request never waits long for a connection: a database that went away is a quick 503.
      new pg.Pool({ connectionString: target.kind === "postgres" ? target.url : undefined, Client, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client that loses its server (a restart) must not take the process down with it.
  pool.on("error", (error) => log.warn(`Database connection lost: ${error.message}`));
  const db = drizzle(pool, { schema });
  const listeners: import("pg").Client[] = [];
  const close = async () => {
    // Taken off the list first: a listener that ends while closing is not opened again.
    await Promise.all(listeners.splice(0).map((client) => client.end()));
    await pool.end();
    await embedded?.stop();
  };
  try {
    // Instances starting together must not run the same migration twice: serialise on a lock.
    const lock = await pool.connect().catch((error: unknown) => {
      throw target.kind === "postgres" ? databaseUnreachable(target.url, error) : error;
    });
    try {
      if (target.kind === "postgres") await assertUnicodeDatabase(lock);
      await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      const before = await appliedMigrations(lock);
      await migrate(drizzle(lock, { schema }), { migrationsFolder: sourcePath("app/server/db/migrations") });
      const upgraded = before > 0 && (await appliedMigrations(lock)) > before;
      await writeSearchConfigurations(lock);
      const recomputed = await writeEditionPreferences(lock);
      await settleAfterRewrite(lock, upgraded || recomputed);
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
      lock.release();
    }
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  if (target.kind === "pglite") {
    return { db: db as unknown as Database, kind: "pglite", pool, listen: async () => undefined, notify: async () => undefined, close };
  }
  // Every channel is heard on one connection of its own, outside the pool, that stays open: one
  // subscription per instance however many channels. When its server goes away it is opened
  // again, every few seconds until it succeeds, and each channel is told it may have missed signals.
  const channels = new Map<string, { onSignal: (payload: string) => void; onGap?: () => void }>();
  let listening: Promise<import("pg").Client> | undefined;
  const connectListener = async (): Promise<import("pg").Client> => {
    const client = new pg.Client({ connectionString: target.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on("notification", (message) => channels.get(message.channel)?.onSignal(message.payload ?? ""));
    client.on("error", (error) => log.warn(`LISTEN connection lost: ${error.message}`));
    client.on("end", () => {
      const index = listeners.indexOf(client);
      if (index === -1) return;
      listeners.splice(index, 1);
      const retry = () => {
        listening = connectListener();
        listening.then(
          () => channels.forEach((channel) => channel.onGap?.()),
          () => setTimeout(retry, LISTEN_RETRY_MS).unref(),
        );
      };
      setTimeout(retry, LISTEN_RETRY_MS).unref();
    });
    await client.connect();
    for (const channel of channels.keys()) await client.query(`LISTEN ${pgIdentifier(channel)}`);
    listeners.push(client);
    return client;
  };
  return {
    db: db as unknown as Database,
    kind: "postgres",
    pool,
    async listen(channel, onSignal, onGap) {
      channels.set(pgIdentifier(channel), { onSignal, onGap });
      if (!listening) {
        listening = connectListener();
        await listening;
        return;
      }
      // Down meanwhile, the connection opened again listens to every channel, this one included.
      await listening.then((client) => client.query(`LISTEN ${pgIdentifier(channel)}`), () => undefined);
    },
    async notify(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [pgIdentifier(channel), payload]);
    },
    close,
  };
}
