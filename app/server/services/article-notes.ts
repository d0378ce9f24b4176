/**
 * Corrections and updates (issue 15): an editor adds a dated note to a published story; readers
 * see the story's notes at its end, newest first, and every correction on /corrections. A note is
 * never silently edited: a new wording keeps the earlier one, shown with it. Adding or amending a
 * note changes the story's "updated" time, and with it dateModified, the feeds' <updated> and the
 * sitemaps' lastmod.
 */
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { ArticleNote, CorrectionList } from "~/lib/api-types";
import type { Language, NoteKind } from "~/lib/limits";
import type { Database, Executor } from "../db/connection";
import { articleNoteVersions, articleNotes, articles } from "../db/schema";
import { publicContentChanged } from "../cache/public-changes";
import { AppError } from "../errors";
import { type Actor, requireAbility } from "./actor";
import { lockArticle } from "./article-access";
import { recordAudit } from "./audit";

/** The notes of these articles, newest first, each with its earlier wordings (newest first). */
export async function notesOf(db: Executor, articleIds: number[]): Promise<Map<number, ArticleNote[]>> {
  const byArticle = new Map<number, ArticleNote[]>();
  if (articleIds.length === 0) return byArticle;
  const notes = await db
    .select()
    .from(articleNotes)
    .where(inArray(articleNotes.articleId, articleIds))
    .orderBy(desc(articleNotes.createdAt), desc(articleNotes.id));
  const versions =
    notes.length === 0
      ? []
      : await db
          .select()
          .from(articleNoteVersions)
          .where(inArray(articleNoteVersions.noteId, notes.map((note) => note.id)))
          .orderBy(desc(articleNoteVersions.replacedAt), desc(articleNoteVersions.id));
  for (const note of notes) {
    const list = byArticle.get(note.articleId) ?? [];
    list.push({
      id: note.id,
      kind: note.kind,
      text: note.text,
      created_at: note.createdAt.toISOString(),
      amended_at: note.amendedAt?.toISOString() ?? null,
      earlier: versions
        .filter((version) => version.noteId === note.id)
        .map((version) => ({ kind: version.kind, text: version.text, replaced_at: version.replacedAt.toISOString() })),
    });
    byArticle.set(note.articleId, list);
  }
  return byArticle;
}

/** The story's "updated" time moves on: a note is a change readers must be able to see. */
async function touch(tx: Executor, articleId: number, now: Date) {
  await tx.update(articles).set({ updatedAt: now }).where(eq(articles.id, articleId));
}

/** POST /api/news/{slug}/notes: an editor's dated correction or update on a published story. */
export async function addNote(db: Database, actor: Actor | null, slug: string, input: { kind: NoteKind; text: string }): Promise<ArticleNote> {
  const editor = requireAbility(actor, "editEveryArticle");
  const id = await db.transaction(async (tx) => {
    const story = await lockArticle(tx, slug, ["id", "title", "isPublished"]);
    if (!story.isPublished) throw new AppError(409, "noteNeedsPublished");
    const now = new Date();
    const [note] = await tx
      .insert(articleNotes)
      .values({ articleId: story.id, kind: input.kind, text: input.text.normalize("NFC"), userId: editor.id, createdAt: now })
      .returning({ id: articleNotes.id });
    if (!note) throw new Error("insert returned no row");
    await touch(tx, story.id, now);
    await recordAudit(tx, editor, "note.create", { id: note.id, label: story.title }, `${input.kind}: ${input.text}`);
    return note.id;
  });
  publicContentChanged();
  return noteById(db, id);
}

/** PUT /api/notes/{id}: a new wording; the earlier one stays in the note's history, shown to readers. */
export async function amendNote(db: Database, actor: Actor | null, id: number, input: { kind: NoteKind; text: string }): Promise<ArticleNote> {
  const editor = requireAbility(actor, "editEveryArticle");
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ note: articleNotes, title: articles.title })
      .from(articleNotes)
      .innerJoin(articles, eq(articles.id, articleNotes.articleId))
      .where(eq(articleNotes.id, id))
      .for("update", { of: articleNotes });
    if (!found) throw new AppError(404, "noteNotFound");
    const { note } = found;
    const text = input.text.normalize("NFC");
    if (note.text === text && note.kind === input.kind) return;
    const now = new Date();
    await tx.insert(articleNoteVersions).values({ noteId: note.id, kind: note.kind, text: note.text, replacedAt: now, replacedBy: editor.id });
    await tx.update(articleNotes).set({ kind: input.kind, text, amendedAt: now }).where(eq(articleNotes.id, note.id));
    await touch(tx, note.articleId, now);
    await recordAudit(tx, editor, "note.update", { id: note.id, label: found.title }, `${input.kind}: ${text}`);
  });
  publicContentChanged();
  return noteById(db, id);
}

async function noteById(db: Executor, id: number): Promise<ArticleNote> {
  const [row] = await db.select({ articleId: articleNotes.articleId }).from(articleNotes).where(eq(articleNotes.id, id));
  const note = row ? (await notesOf(db, [row.articleId])).get(row.articleId)?.find((n) => n.id === id) : undefined;
  if (!note) throw new AppError(404, "noteNotFound");
  return note;
}

/** GET /api/corrections and /corrections: every correction of a published story, newest first. */
export async function listCorrections(db: Executor, query: { page: number; limit: number; language?: Language }): Promise<CorrectionList> {
  const where = and(eq(articleNotes.kind, "correction"), eq(articles.isPublished, true), query.language ? eq(articles.language, query.language) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: articleNotes.id,
        text: articleNotes.text,
        createdAt: articleNotes.createdAt,
        amendedAt: articleNotes.amendedAt,
        slug: articles.slug,
        title: articles.title,
        language: articles.language,
      })
      .from(articleNotes)
      .innerJoin(articles, eq(articles.id, articleNotes.articleId))
      .where(where)
      .orderBy(desc(articleNotes.createdAt), desc(articleNotes.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(articleNotes).innerJoin(articles, eq(articles.id, articleNotes.articleId)).where(where),
  ]);
  return {
    corrections: rows.map((row) => ({
      id: row.id,
      text: row.text,
      created_at: row.createdAt.toISOString(),
      amended_at: row.amendedAt?.toISOString() ?? null,
      article: { slug: row.slug, title: row.title, language: row.language },
    })),
    total: total?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}
