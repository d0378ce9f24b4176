import { type SQL, and, count, desc, asc, eq } from "drizzle-orm";
import type { ArticleComment } from "~/lib/api-types";
import type { Database, Executor } from "../db/connection";
import { articles, comments, users } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, can, requireAbility, requireUser } from "./actor";
import { recordAudit } from "./audit";
import { readableArticleId } from "./article-access";
import { publicArticleCommentsChanged, publicContentUnchanged } from "../cache/public-changes";


const columns = {
  id: comments.id,
  articleId: comments.articleId,
  newsTitle: articles.title,
  articleSlug: articles.slug,
  userName: users.name,
  content: comments.content,
  createdAt: comments.createdAt,
  isApproved: comments.isApproved,
};

type CommentRow = Awaited<ReturnType<typeof selectComments>>[number];

function toComment(row: CommentRow): ArticleComment {
  return {
    id: row.id,
    article_id: row.articleId,
    news_title: row.newsTitle,
    article_slug: row.articleSlug,
    user_name: row.userName,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    is_approved: row.isApproved,
  };
}

function selectComments(db: Executor) {
  return db
    .select(columns)
    .from(comments)
    .innerJoin(articles, eq(articles.id, comments.articleId))
    .leftJoin(users, eq(users.id, comments.userId));
}

/** What a non-admin may see: approved comments on published articles (docs/product.md#comments). */
const publicOnly = and(eq(comments.isApproved, true), eq(articles.isPublished, true));

/** The comments under an article: approved ones only, newest first (docs/product.md#what-the-site-keeps). */
export async function approvedCommentsOf(db: Executor, articleId: number): Promise<ArticleComment[]> {
  const rows = await selectComments(db)
    .where(and(eq(comments.articleId, articleId), eq(comments.isApproved, true)))
    .orderBy(desc(comments.createdAt));
  return rows.map(toComment);
}

/** docs/product.md#comments: a new comment awaits approval, whoever posts it. */
export async function postComment(
  db: Database,
  actor: Actor | null,
  articleId: number,
  content: string,
): Promise<ArticleComment> {
  publicContentUnchanged();
  const author = requireUser(actor);
  const id = await readableArticleId(db, author, articleId);
  const [row] = await db.insert(comments).values({ articleId: id, userId: author.id, content }).returning({ id: comments.id });
  if (!row) throw new Error("insert returned no row");
  return getComment(db, author, row.id, { includePending: true });
}

/**
 * Moderators (editors, admins) get every comment, pending first (the moderation queue); everyone else gets approved
 * comments on published articles.
 */
export async function listComments(
  db: Executor,
  actor: Actor | null,
  filter: { articleId?: number } = {},
): Promise<ArticleComment[]> {
  const conditions: (SQL | undefined)[] = [
    can(actor, "moderateComments") ? undefined : publicOnly,
    filter.articleId ? eq(comments.articleId, filter.articleId) : undefined,
  ];
  const rows = await selectComments(db)
    .where(and(...conditions))
    .orderBy(asc(comments.isApproved), desc(comments.createdAt), desc(comments.id));
  return rows.map(toComment);
}

/** A pending comment does not exist for anyone but a moderator (or, right after posting, its author). */
export async function getComment(
  db: Executor,
  actor: Actor | null,
  id: number,
  options: { includePending?: boolean } = {},
): Promise<ArticleComment> {
  const visible = can(actor, "moderateComments") || options.includePending ? undefined : publicOnly;
  const [row] = await selectComments(db).where(and(eq(comments.id, id), visible));
  if (!row) throw new AppError(404, "commentNotFound");
  return toComment(row);
}

export async function approveComment(db: Database, actor: Actor | null, id: number): Promise<ArticleComment> {
  const moderator = requireAbility(actor, "moderateComments");
  await db.transaction(async (tx) => {
    const [updated] = await tx.update(comments).set({ isApproved: true }).where(eq(comments.id, id)).returning({ id: comments.id, content: comments.content });
    if (!updated) throw new AppError(404, "commentNotFound");
    await recordAudit(tx, moderator, "comment.approve", { id: updated.id, label: excerptOf(updated.content) });
  });
  const approved = await getComment(db, actor, id);
  // A comment shown changes its own article's pages, not the rest of the site.
  publicArticleCommentsChanged(approved.article_slug);
  return approved;
}

export async function deleteComment(db: Database, actor: Actor | null, id: number): Promise<void> {
  const moderator = requireAbility(actor, "moderateComments");
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(comments)
      .where(eq(comments.id, id))
      .returning({ id: comments.id, content: comments.content, isApproved: comments.isApproved, articleId: comments.articleId });
    if (!row) throw new AppError(404, "commentNotFound");
    await recordAudit(tx, moderator, "comment.delete", { id: row.id, label: excerptOf(row.content) });
    const [article] = await tx.select({ slug: articles.slug }).from(articles).where(eq(articles.id, row.articleId));
    return { wasShown: row.isApproved, articleSlug: article?.slug };
  });
  // A comment still waiting for approval was never shown; one that was, only on its own article.
  if (!deleted.wasShown) publicContentUnchanged();
  else if (deleted.articleSlug !== undefined) publicArticleCommentsChanged(deleted.articleSlug);
}

/** A comment named in the audit trail by its opening words. */
const excerptOf = (content: string) => (content.length > 80 ? `${content.slice(0, 79)}…` : content);

export async function countComments(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(comments);
  return row?.n ?? 0;
}

/** The moderation queue's length: comments waiting for approval. */
export async function countPendingComments(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(comments).where(eq(comments.isApproved, false));
  return row?.n ?? 0;
}
