/**
 * Revisions (issue 15): every save of a story keeps the whole story as it then was (title, body,
 * meta, section, writer, language, tags, media), who saved it and when. An editor's autosaves are
 * folded into one revision per person per AUTOSAVE_COALESCE_MINUTES; an explicit save always keeps
 * its own. Revisions are kept as a keyframe every REVISION_KEYFRAME_EVERY and deltas from it
 * (revision-delta.ts), written in the transaction of the save they record.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { RevisionComparison, RevisionDetail, RevisionStory, RevisionSummary } from "~/lib/api-types";
import { AUTOSAVE_COALESCE_MINUTES, type Language, REVISION_KEYFRAME_EVERY, type RevisionKind } from "~/lib/limits";
import { wordCount } from "~/lib/text";
import type { Database, Executor } from "../db/connection";
import { inFull } from "../db/column-in-full";
import { articleMedia, articleRevisions, articleTags, articles, categories, tags, users, writers } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, requireArticleEditor } from "./actor";
import { readArticle } from "./article-access";
import { selectedArticleId } from "./articles";
import { nameIn } from "./names";
import { type DeltaStep, applyDelta, deltaBetween } from "./revision-delta";
import { readableDiff, readableText } from "./revision-diff";

/** The story as it is now, in one statement: a save's statements run one after another in its transaction. */
async function snapshotOf(tx: Executor, articleId: number): Promise<RevisionStory> {
  const [row] = await tx
    .select({
      title: articles.title,
      content: articles.content,
      metaTitle: articles.metaTitle,
      metaDescription: articles.metaDescription,
      language: articles.language,
      categoryId: articles.categoryId,
      writerId: articles.writerId,
      tags: sql<number[]>`array(select ${articleTags.tagId} from ${articleTags} where ${articleTags.articleId} = ${selectedArticleId} order by ${articleTags.tagId})`,
      media: sql<SnapshotMedia[]>`coalesce((select json_agg(json_build_object('url', ${articleMedia.url}, 'caption', ${articleMedia.caption}, 'kind', ${articleMedia.kind}, 'media_type', ${articleMedia.mediaType}) order by ${articleMedia.position}) from ${articleMedia} where ${articleMedia.articleId} = ${selectedArticleId}), '[]')`,
    })
    .from(articles)
    .where(eq(articles.id, articleId));
  if (!row) throw new AppError(404, "articleNotFound");
  const banner = row.media.find((m) => m.kind === "banner");
  return {
    title: row.title,
    content: row.content,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    language: row.language,
    category_id: row.categoryId,
    writer_id: row.writerId,
    tags: row.tags,
    banner: banner ? { url: banner.url, caption: banner.caption } : null,
    media: row.media.filter((m) => m.kind === "content").map((m) => ({ url: m.url, caption: m.caption, media_type: m.media_type })),
  };
}

interface SnapshotMedia {
  url: string;
  caption: string;
  kind: (typeof articleMedia.$inferSelect)["kind"];
  media_type: (typeof articleMedia.$inferSelect)["mediaType"];
}

type RevisionRow = typeof articleRevisions.$inferSelect;

/** A revision's story: its own body when a keyframe, else its delta applied to its keyframe's. */
async function decode(tx: Executor, row: RevisionRow): Promise<RevisionStory> {
  if (row.baseId === null) return JSON.parse(row.body) as RevisionStory;
  const [base] = await tx.select({ body: articleRevisions.body }).from(articleRevisions).where(eq(articleRevisions.id, row.baseId));
  if (!base) throw new Error(`revision ${row.id} lost its keyframe ${row.baseId}`);
  return JSON.parse(applyDelta(base.body, JSON.parse(row.body) as DeltaStep[])) as RevisionStory;
}

/** A stored keyframe: the revision whose whole story later revisions are deltas from. */
interface Keyframe {
  id: number;
  body: string;
}

/**
 * The body to store for `snapshot`: a delta from `keyframe`, or the whole story when there is no
 * keyframe to follow or the delta would not be much smaller than the story.
 */
function encode(snapshot: string, keyframe: Keyframe | null): { baseId: number | null; body: string } {
  if (keyframe === null) return { baseId: null, body: snapshot };
  const delta = JSON.stringify(deltaBetween(keyframe.body, snapshot));
  return delta.length * 2 < snapshot.length ? { baseId: keyframe.id, body: delta } : { baseId: null, body: snapshot };
}

/**
 * The article's latest revision, with its keyframe (itself when it is one) and how many deltas
 * follow that keyframe: what the next revision is encoded against, read in one statement.
 */
async function latestRevision(tx: Executor, articleId: number) {
  // In full: inside the subqueries below a bare name would be their own row's.
  const keyframeOfLatest = sql`coalesce(${inFull(articleRevisions.baseId)}, ${inFull(articleRevisions.id)})`;
  const [latest] = await tx
    .select({
      id: articleRevisions.id,
      kind: articleRevisions.kind,
      userId: articleRevisions.userId,
      baseId: articleRevisions.baseId,
      createdAt: articleRevisions.createdAt,
      keyframeId: sql<number>`${keyframeOfLatest}`.mapWith(Number),
      // Aliased: inside these, "article_revisions" names the latest row of the outer query.
      keyframeBody: sql<string | null>`(select keyframe.body from ${articleRevisions} as keyframe where keyframe.id = ${keyframeOfLatest})`,
      following: sql<number>`(select count(*) from ${articleRevisions} as deltas where deltas.base_id = ${keyframeOfLatest})`.mapWith(Number),
    })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.id))
    .limit(1);
  if (!latest) return undefined;
  const keyframe = latest.keyframeBody === null ? null : { id: latest.keyframeId, body: latest.keyframeBody };
  return { ...latest, keyframe, startsNewKeyframe: latest.following + 1 >= REVISION_KEYFRAME_EVERY };
}

export interface RevisionOf {
  kind: RevisionKind;
  /** Who saved; null for a version nobody is known to have made (one from before revisions were kept). */
  userId: number | null;
  at: Date;
  restoredFrom?: number;
}

/** Keeps the article's current state as a revision; call it in the transaction that saved it. */
export async function recordRevision(tx: Executor, articleId: number, of: RevisionOf): Promise<void> {
  const snapshot = await snapshotOf(tx, articleId);
  const text = JSON.stringify(snapshot);
  const listed = { title: snapshot.title, wordCount: wordCount(snapshot.content) };
  const latest = await latestRevision(tx, articleId);
  const window = AUTOSAVE_COALESCE_MINUTES * 60_000;
  if (of.kind === "autosave" && latest?.kind === "autosave" && latest.userId === of.userId && of.at.getTime() - latest.createdAt.getTime() < window) {
    // The latest revision is the last of its chain: nothing is stored against it, so it may change,
    // staying a delta from its own keyframe when it is one.
    await tx
      .update(articleRevisions)
      .set({ ...encode(text, latest.baseId === null ? null : latest.keyframe), ...listed, savedAt: of.at })
      .where(eq(articleRevisions.id, latest.id));
    return;
  }
  const stored = encode(text, latest && !latest.startsNewKeyframe ? latest.keyframe : null);
  await tx.insert(articleRevisions).values({
    articleId,
    userId: of.userId,
    kind: of.kind,
    restoredFrom: of.restoredFrom ?? null,
    ...stored,
    ...listed,
    createdAt: of.at,
    savedAt: of.at,
  });
}

/**
 * Stories saved before revisions were kept (or seeded) have none: their state before the first
 * change becomes the first revision, so that the change can be undone.
 */
export async function keepEarliestRevision(tx: Executor, articleId: number, savedAt: Date): Promise<void> {
  const [existing] = await tx.select({ id: articleRevisions.id }).from(articleRevisions).where(eq(articleRevisions.articleId, articleId)).limit(1);
  if (!existing) await recordRevision(tx, articleId, { kind: "save", userId: null, at: savedAt });
}

/** The article by its address, for someone who may change it. */
async function editableArticle(db: Executor, actor: Actor | null, slug: string) {
  const article = await readArticle(db, slug, ["id", "authorId", "isPublished"]);
  requireArticleEditor(actor, article);
  return article;
}

/** Numbers count an article's revisions from 1, oldest first. */
async function numbering(db: Executor, articleId: number): Promise<Map<number, number>> {
  const ids = await db.select({ id: articleRevisions.id }).from(articleRevisions).where(eq(articleRevisions.articleId, articleId)).orderBy(asc(articleRevisions.id));
  return new Map(ids.map((row, i) => [row.id, i + 1]));
}

/** GET /api/news/{slug}/revisions: newest first, for whoever may change the story. */
export async function listRevisions(db: Database, actor: Actor | null, slug: string): Promise<RevisionSummary[]> {
  const article = await editableArticle(db, actor, slug);
  const rows = await db
    .select({
      id: articleRevisions.id,
      kind: articleRevisions.kind,
      restoredFrom: articleRevisions.restoredFrom,
      title: articleRevisions.title,
      wordCount: articleRevisions.wordCount,
      createdAt: articleRevisions.createdAt,
      savedAt: articleRevisions.savedAt,
      userName: users.name,
    })
    .from(articleRevisions)
    .leftJoin(users, eq(users.id, articleRevisions.userId))
    .where(eq(articleRevisions.articleId, article.id))
    .orderBy(desc(articleRevisions.id));
  const numbers = new Map(rows.map((row, i) => [row.id, rows.length - i]));
  return rows.map((row) => ({
    id: row.id,
    number: numbers.get(row.id) ?? 0,
    kind: row.kind,
    restored_from: row.restoredFrom === null ? null : (numbers.get(row.restoredFrom) ?? null),
    title: row.title,
    word_count: row.wordCount,
    created_at: row.createdAt.toISOString(),
    saved_at: row.savedAt.toISOString(),
    user_name: row.userName,
  }));
}

async function revisionOf(db: Executor, articleId: number, id: number): Promise<RevisionRow> {
  const [row] = await db.select().from(articleRevisions).where(and(eq(articleRevisions.id, id), eq(articleRevisions.articleId, articleId)));
  if (!row) throw new AppError(404, "revisionNotFound");
  return row;
}

/** GET /api/news/{slug}/revisions/{id}: one revision's whole story. */
export async function getRevision(db: Database, actor: Actor | null, slug: string, id: number): Promise<RevisionDetail> {
  const article = await editableArticle(db, actor, slug);
  const row = await revisionOf(db, article.id, id);
  const numbers = await numbering(db, article.id);
  return { id: row.id, number: numbers.get(row.id) ?? 0, saved_at: row.savedAt.toISOString(), story: await decode(db, row) };
}

/**
 * What a restore puts back (the story's words, section, writer, language, tags and media), and the
 * revision's number: for a caller that has locked the article and may change it (article-writes.ts).
 */
export async function revisionToRestore(tx: Executor, articleId: number, id: number): Promise<{ story: RevisionStory; number: number }> {
  const row = await revisionOf(tx, articleId, id);
  return { story: await decode(tx, row), number: (await numbering(tx, articleId)).get(row.id) ?? 0 };
}

/** Section, writer and tag names of two snapshots, in the reader's language. */
async function namesFor(db: Executor, snapshots: RevisionStory[], language: Language) {
  const ids = (pick: (s: RevisionStory) => (number | null)[]) => [...new Set(snapshots.flatMap(pick).filter((id): id is number => id !== null))];
  const lookup = async (table: typeof categories | typeof writers | typeof tags, wanted: number[]) => {
    if (wanted.length === 0) return new Map<number, string>();
    const rows = await db.select({ id: table.id, name: nameIn(table, language) }).from(table).where(inArray(table.id, wanted));
    return new Map(rows.map((row) => [row.id, String(row.name)]));
  };
  return {
    categories: await lookup(categories, ids((s) => [s.category_id])),
    writers: await lookup(writers, ids((s) => [s.writer_id])),
    tags: await lookup(tags, ids((s) => s.tags)),
  };
}

/**
 * GET /api/news/{slug}/revisions/compare?from=&to=: what changed between two revisions, as text a
 * person reads: the words of the title, meta and body (not their HTML), then the section, writer,
 * language, tags and media that changed.
 */
export async function compareRevisions(db: Database, actor: Actor | null, slug: string, fromId: number, toId: number, language: Language): Promise<RevisionComparison> {
  const article = await editableArticle(db, actor, slug);
  const [fromRow, toRow] = [await revisionOf(db, article.id, fromId), await revisionOf(db, article.id, toId)];
  const [from, to] = [await decode(db, fromRow), await decode(db, toRow)];
  const names = await namesFor(db, [from, to], language);
  const name = (map: Map<number, string>, id: number | null) => (id === null ? "" : (map.get(id) ?? `#${id}`));
  const mediaList = (s: RevisionStory) => [...(s.banner ? [s.banner] : []), ...s.media].map((m) => [m.url.split("/").at(-1), m.caption].filter(Boolean).join(" — ")).join("\n");
  const fields = [
    { field: "title", before: from.title, after: to.title },
    { field: "meta_title", before: from.meta_title, after: to.meta_title },
    { field: "meta_description", before: from.meta_description, after: to.meta_description },
    { field: "content", before: readableText(from.content), after: readableText(to.content) },
    { field: "category", before: name(names.categories, from.category_id), after: name(names.categories, to.category_id) },
    { field: "writer", before: name(names.writers, from.writer_id), after: name(names.writers, to.writer_id) },
    { field: "language", before: from.language, after: to.language },
    { field: "tags", before: from.tags.map((id) => name(names.tags, id)).join(", "), after: to.tags.map((id) => name(names.tags, id)).join(", ") },
    { field: "media", before: mediaList(from), after: mediaList(to) },
  ] as const;
  const numbers = await numbering(db, article.id);
  return {
    from: { id: fromRow.id, number: numbers.get(fromRow.id) ?? 0, saved_at: fromRow.savedAt.toISOString() },
    to: { id: toRow.id, number: numbers.get(toRow.id) ?? 0, saved_at: toRow.savedAt.toISOString() },
    changes: fields.filter((f) => f.before !== f.after).map((f) => ({ field: f.field, parts: readableDiff(f.before, f.after) })),
  };
}
