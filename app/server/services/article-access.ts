import { eq, getTableColumns } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Executor } from "../db/connection";
import { articles } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, seesUnpublished } from "./actor";

type ArticleRow = typeof articles.$inferSelect;
const articleColumns = getTableColumns(articles);

/** The article at `slug` with its `columns` read, locked until the transaction ends when `lock`; 404 when none. */
async function articleAt<Column extends keyof ArticleRow>(db: Executor, slug: string, columns: readonly Column[], lock: boolean): Promise<Pick<ArticleRow, Column>> {
  const selection: SelectedFields = Object.fromEntries(columns.map((column) => [column, articleColumns[column]]));
  const query = db.select(selection).from(articles).where(eq(articles.slug, slug.normalize("NFC")));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError(404, "articleNotFound");
  // The row holds exactly the columns asked for, which the select's own type cannot say of a list.
  return row as Pick<ArticleRow, Column>;
}

/**
 * The article at `slug`, its `columns` read and its row locked until the transaction ends, so that
 * what a write decides by cannot change under it; 404 when no article has that address.
 */
export function lockArticle<Column extends keyof ArticleRow>(tx: Executor, slug: string, columns: readonly Column[]): Promise<Pick<ArticleRow, Column>> {
  return articleAt(tx, slug, columns, true);
}

/** The article at `slug` with its `columns`, for a read that decides nothing a write depends on; 404 when none. */
export function readArticle<Column extends keyof ArticleRow>(db: Executor, slug: string, columns: readonly Column[]): Promise<Pick<ArticleRow, Column>> {
  return articleAt(db, slug, columns, false);
}

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
