/**
 * Which schema a backup holds, by migration. Drizzle records each applied migration by its
 * journal timestamp (`created_at`), not its name: the journal this build ships turns one into the
 * other, and tells whether this version knows the schema a backup was made with.
 */
import { readFileSync } from "node:fs";
import { sourcePath } from "../platform/source-path";
import { BackupError } from "./errors";

/** Where drizzle-orm's migrator keeps its record (its defaults, which connection.ts keeps). */
export const APPLIED_MIGRATIONS_SQL = "select created_at::text as applied from drizzle.__drizzle_migrations order by created_at";
/** The same question, answered with no rows rather than an error by a database that never migrated. */
export const HAS_MIGRATIONS_TABLE_SQL = "select to_regclass('drizzle.__drizzle_migrations') is not null as present";

interface JournalEntry {
  when: number;
  tag: string;
}

function shippedMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(sourcePath("app/server/db/migrations/meta/_journal.json"), "utf8")) as { entries: JournalEntry[] };
  return journal.entries;
}

/** Applied migrations (their `created_at` values) as a count and the name of the latest. */
export function describeMigrations(applied: readonly number[]): { count: number; latest: string | null } {
  if (applied.length === 0) return { count: 0, latest: null };
  const newest = Math.max(...applied);
  const known = shippedMigrations().find((entry) => entry.when === newest);
  // A migration of a newer version is named by its time, which is all the database knows of it.
  return { count: applied.length, latest: known?.tag ?? `unknown migration of ${new Date(newest).toISOString()}` };
}

/**
 * A backup of a newer version's schema cannot be served by this one. An older schema is fine: the
 * server applies the missing migrations when it starts on the restored data.
 */
export function assertKnownSchema(latest: string | null): void {
  if (latest === null) throw new BackupError("The backup's database has no migrations applied: it is not a khulasa database.");
  if (!shippedMigrations().some((entry) => entry.tag === latest)) {
    throw new BackupError(`The backup was made by a newer version of khulasa (its database has ${latest}, which this version does not know): restore it with that version or a later one.`);
  }
}
