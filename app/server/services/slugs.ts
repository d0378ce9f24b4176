import { and, eq, ne } from "drizzle-orm";
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
