/** Newsroom members' names by id, for lists that say who did something (a document's uploader). */
import { inArray } from "drizzle-orm";
import type { Executor } from "../db/connection";
import { users } from "../db/schema";

/** The names of the accounts `ids` that still exist (a deleted account's work keeps a null or a dangling id). */
export async function accountNames(db: Executor, ids: readonly (number | null)[]): Promise<Record<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return {};
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return Object.fromEntries(rows.map((row) => [row.id, row.name]));
}
