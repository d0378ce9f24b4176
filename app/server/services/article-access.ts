import { eq } from "drizzle-orm";
import type { Executor } from "../db/connection";
import { articles } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, isAdmin } from "./actor";

/**
 * The id of an article the actor may act on (comment, bookmark): it must exist and, for anyone
 * but an admin, be published. An unpublished article does not exist for them (404).
 */
export async function readableArticleId(db: Executor, actor: Actor | null, articleId: number): Promise<number> {
  const [row] = await db
    .select({ id: articles.id, isPublished: articles.isPublished })
    .from(articles)
    .where(eq(articles.id, articleId));
  if (!row || (!row.isPublished && !isAdmin(actor))) throw new AppError(404, "articleNotFound");
  return row.id;
}
