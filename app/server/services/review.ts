/**
 * Review (issue 15): a draft goes to the editors ("in review"), and either an editor publishes it
 * (article-writes.ts takes it out of the queue) or sends it back to its author with a note. Every
 * step is kept as a review note, so the story carries its history. An editor may also ask for a
 * legal review: then only an editor other than the author may publish it.
 *
 * None of it is visible to readers: every write here says so to the page cache.
 */
import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { ReviewNote, ReviewQueueItem, ReviewState } from "~/lib/api-types";
import type { ReviewAction } from "~/lib/limits";
import type { Database, Executor } from "../db/connection";
import { articles, reviewNotes, users } from "../db/schema";
import { publicContentUnchanged } from "../cache/public-changes";
import { AppError } from "../errors";
import { type Actor, requireAbility, requireArticleEditor } from "./actor";
import { lockArticle, readArticle } from "./article-access";
import { recordAudit } from "./audit";

/** The story, locked, with what the review rules decide by; 404 if it does not exist for the actor. */
async function lockedStory(tx: Executor, actor: Actor, slug: string) {
  const story = await lockArticle(tx, slug, ["id", "title", "isPublished", "authorId", "submittedAt"]);
  requireArticleEditor(actor, story);
  return story;
}

async function notesOf(db: Executor, articleIds: number[]): Promise<Map<number, ReviewNote[]>> {
  const byArticle = new Map<number, ReviewNote[]>();
  if (articleIds.length === 0) return byArticle;
  const rows = await db
    .select({ articleId: reviewNotes.articleId, action: reviewNotes.action, note: reviewNotes.note, userName: users.name, createdAt: reviewNotes.createdAt })
    .from(reviewNotes)
    .leftJoin(users, eq(users.id, reviewNotes.userId))
    .where(inArray(reviewNotes.articleId, articleIds))
    .orderBy(desc(reviewNotes.createdAt), desc(reviewNotes.id));
  for (const row of rows) {
    const list = byArticle.get(row.articleId) ?? [];
    list.push({ action: row.action, note: row.note, user_name: row.userName, created_at: row.createdAt.toISOString() });
    byArticle.set(row.articleId, list);
  }
  return byArticle;
}

/** A story's review state, for whoever may edit it. */
export async function reviewStateOf(db: Database, actor: Actor | null, slug: string): Promise<ReviewState> {
  const staff = requireAbility(actor, "backOffice");
  const story = await readArticle(db, slug, ["id", "isPublished", "authorId", "submittedAt", "legalReview"]);
  requireArticleEditor(staff, story);
  return {
    submitted_at: story.submittedAt?.toISOString() ?? null,
    legal_review: story.legalReview,
    notes: (await notesOf(db, [story.id])).get(story.id) ?? [],
  };
}

/** A step of the story's way through review: in its note history, and in the audit trail. */
async function noteStep(tx: Executor, actor: Actor, story: { id: number; title: string }, action: ReviewAction, note: string) {
  await tx.insert(reviewNotes).values({ articleId: story.id, userId: actor.id, action, note });
  await recordAudit(tx, actor, action === "submitted" ? "review.submit" : "review.return", { id: story.id, label: story.title }, note);
}

/** Hands a draft to the editors, with an optional note. Submitting a story already waiting changes nothing. */
export async function submitForReview(db: Database, actor: Actor | null, slug: string, note: string): Promise<ReviewState> {
  const staff = requireAbility(actor, "backOffice");
  await db.transaction(async (tx) => {
    const story = await lockedStory(tx, staff, slug);
    if (story.isPublished) throw new AppError(409, "alreadyPublished");
    if (story.submittedAt) return;
    await tx.update(articles).set({ submittedAt: new Date() }).where(eq(articles.id, story.id));
    await noteStep(tx, staff, story, "submitted", note);
  });
  publicContentUnchanged();
  return reviewStateOf(db, staff, slug);
}

/** An editor sends a story in review back to its author, saying what needs to change. */
export async function returnToDraft(db: Database, actor: Actor | null, slug: string, note: string): Promise<ReviewState> {
  const editor = requireAbility(actor, "editEveryArticle");
  if (note === "") throw new AppError(400, "reviewNoteRequired");
  await db.transaction(async (tx) => {
    const story = await lockedStory(tx, editor, slug);
    if (!story.submittedAt) throw new AppError(409, "notInReview");
    await tx.update(articles).set({ submittedAt: null }).where(eq(articles.id, story.id));
    await noteStep(tx, editor, story, "returned", note);
  });
  publicContentUnchanged();
  return reviewStateOf(db, editor, slug);
}

/** An editor asks for (or lifts) the second sign-off a story needs before it is published. */
export async function setLegalReview(db: Database, actor: Actor | null, slug: string, needed: boolean): Promise<ReviewState> {
  const editor = requireAbility(actor, "editEveryArticle");
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(articles)
      .set({ legalReview: needed })
      .where(eq(articles.slug, slug.normalize("NFC")))
      .returning({ id: articles.id, title: articles.title });
    if (!updated) throw new AppError(404, "articleNotFound");
    await recordAudit(tx, editor, "review.legal", { id: updated.id, label: updated.title }, needed ? "legal review asked" : "legal review lifted");
  });
  publicContentUnchanged();
  return reviewStateOf(db, editor, slug);
}

/** The stories waiting for an editor, the longest-waiting first, each with its notes. */
export async function reviewQueue(db: Database, actor: Actor | null): Promise<ReviewQueueItem[]> {
  requireAbility(actor, "editEveryArticle");
  const rows = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      language: articles.language,
      authorName: users.name,
      submittedAt: articles.submittedAt,
      legalReview: articles.legalReview,
    })
    .from(articles)
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(and(isNotNull(articles.submittedAt), eq(articles.isPublished, false)))
    .orderBy(asc(articles.submittedAt), asc(articles.id));
  const notes = await notesOf(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    language: row.language,
    author_name: row.authorName,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    legal_review: row.legalReview,
    notes: notes.get(row.id) ?? [],
  }));
}
