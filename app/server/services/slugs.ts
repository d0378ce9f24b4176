import { type SQL, and, eq, ne, sql } from "drizzle-orm";
import type { Executor } from "../db/connection";
import type { categories, tags } from "../db/schema";
import { AppError } from "../errors";
import type { MessageKey } from "~/lib/messages";
import { slugOrFallback } from "~/lib/slug";

/**
 * Category and tag slugs are chosen by the editor and appear in public URLs, so a clash is reported
 * (409) rather than silently renamed.
 */
export async function assertSlugFree(
  db: Executor,
  table: typeof categories | typeof tags,
  slug: string,
  exceptId: number | undefined,
  key: MessageKey,
): Promise<void> {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.slug, slug), exceptId ? ne(table.id, exceptId) : undefined));
  if (row) throw new AppError(409, key);
}

/**
 * The id that an API address's `{id}` names: the row with that id when the key is a number and
 * such a row exists, else the row whose slug is the key. Slugs may be numbers too (a tag named
 * after the Bikram Sambat year 2081 has the slug 2081); an id wins, as the API's paths are ids.
 * A scalar subquery, so that a listing filters by it in the same statement.
 */
export function idOrSlugOf(table: typeof categories | typeof tags, key: string): SQL {
  const id = /^[1-9]\d{0,9}$/.test(key) && Number(key) <= 2_147_483_647 ? Number(key) : -1;
  return sql`(select ${table.id} from ${table} where ${table.id} = ${id} or ${table.slug} = ${key.normalize("NFC")} order by ${table.id} = ${id} desc limit 1)`;
}

/**
 * Creates (no `id`) or renames a category or tag: the slug is the one asked for, else made from the
 * name, and must be free. Returns the stored row.
 */
export async function writeSlugged<Table extends typeof categories | typeof tags>(
  db: Executor,
  table: Table,
  values: { name: string; slug: string | undefined } & Partial<Table["$inferInsert"]>,
  id: number | undefined,
  keys: { fallback: string; taken: MessageKey; notFound: MessageKey },
): Promise<Table["$inferSelect"]> {
  const slug = slugOrFallback(values.slug || values.name, keys.fallback);
  await assertSlugFree(db, table, slug, id, keys.taken);
  const row = { ...values, slug };
  // Drizzle cannot type a write to either of two tables; both have the columns written here, and
  // `values` holds only columns of `table` (its type says so).
  const target = table as typeof tags;
  const [written] = id
    ? await db.update(target).set(row).where(eq(target.id, id)).returning()
    : await db.insert(target).values(row).returning();
  if (!written) throw new AppError(404, keys.notFound);
  return written as Table["$inferSelect"];
}
