/** Bookmarks (docs/product.md#what-the-site-keeps): per user a set of article ids, with an is-bookmarked check and a toggle. */
import { and, desc, eq } from "drizzle-orm";
import type { ArticleSummary } from "~/lib/api-types";
import type { Database, Executor } from "../db/connection";
import { bookmarks } from "../db/schema";
import { type Actor, requireUser } from "./actor";
import { readableArticleId } from "./article-access";
import { publishedSummariesByIds } from "./articles";
import type { Language } from "~/lib/limits";
import { publicContentUnchanged } from "../cache/public-changes";

export async function toggleBookmark(
  db: Database,
  actor: Actor | null,
  articleId: number,
): Promise<{ bookmarked: boolean }> {
  publicContentUnchanged();
  const user = requireUser(actor);
  return db.transaction(async (tx) => {
    // Removing a held bookmark needs no check: its article may have been unpublished since.
    const removed = await tx
      .delete(bookmarks)
      .where(and(eq(bookmarks.userId, user.id), eq(bookmarks.articleId, articleId)))
      .returning({ articleId: bookmarks.articleId });
    if (removed.length > 0) return { bookmarked: false };
    const id = await readableArticleId(tx, user, articleId);
    await tx.insert(bookmarks).values({ userId: user.id, articleId: id }).onConflictDoNothing();
    return { bookmarked: true };
  });
}

/**
 * The saved-articles overlay: the user's bookmarks that are still published, newest saved first,
 * their sections and writers named in `names`, the reader's language.
 */
export async function bookmarkedArticles(db: Executor, actor: Actor | null, names: Language): Promise<ArticleSummary[]> {
  const user = requireUser(actor);
  const saved = await db
    .select({ articleId: bookmarks.articleId })
    .from(bookmarks)
    .where(eq(bookmarks.userId, user.id))
    .orderBy(desc(bookmarks.createdAt))
    .limit(500);
  return publishedSummariesByIds(db, saved.map((s) => s.articleId), names);
}
