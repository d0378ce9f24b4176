import { eq } from "drizzle-orm";
import type { Executor } from "../db/connection";
import { articles } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, seesUnpublished } from "./actor";

/**
 * The id of an article the actor may act on (comment, bookmark): it must exist and be published,
 * or be a draft the actor may see (app/lib/roles.ts). Any other draft does not exist for them (404).
 */
export async function readableArticleId(db: Executor, actor: Actor | null, articleId: number): Promise<number> {
  const [row] = await db
    .select({ id: articles.id, isPublished: articles.isPublished, authorId: articles.authorId })
    .from(articles)
    .where(eq(articles.id, articleId));
  if (!row || (!row.isPublished && !seesUnpublished(actor, row))) throw new AppError(404, "articleNotFound");
  return row.id;
}
