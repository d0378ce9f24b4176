import { type SQL, and, eq, ne, sql } from "drizzle-orm";
import type { Executor } from "../db/connection";
import type { categories, tags } from "../db/schema";
import { AppError } from "../errors";
import type { MessageKey } from "~/lib/messages";

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
