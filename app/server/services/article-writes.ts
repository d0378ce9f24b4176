/**
 * Writing articles: create, update and delete, with their media, tags, related stories and
 * translation, each in one transaction, and the public cache told what changed. Only admins write
 * (docs/product.md#roles-and-permissions); the reads are in articles.ts.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { ArticleDetail } from "~/lib/api-types";
import { type ArticleInput, articleSchema } from "~/lib/schemas";
import { inferLanguage } from "~/lib/language";
import { otherLocale } from "~/lib/i18n";
import type { Language } from "~/lib/limits";
import { slugOrFallback, slugify, uniqueSlug } from "~/lib/slug";
import { excerpt, wordCount } from "~/lib/text";
import type { Database, Executor } from "../db/connection";
import {
  articleMedia,
  articleTags,
  articles,
  categories,
  relatedArticles,
  tags,
  writers,
} from "../db/schema";
import { publicArticleBodyChanged, publicContentChanged, publicContentUnchanged } from "../cache/public-changes";
import { AppError } from "../errors";
import { type Actor, can, requireAbility, requireArticleEditor, seesUnpublished } from "./actor";
import { sanitizeArticleHtml } from "./html";
import { type MediaPurpose, type PreparedMedia, type StoredMedia, prepareMedia, removeMedia, saveMedia } from "./media";
import type { MediaStorage } from "../storage";
import { bodyTextOf } from "./search-snippet";
import { bannerOf, getArticle } from "./articles";
import { changedFields, recordAudit } from "./audit";
import { keepEarliestRevision, recordRevision, snapshotToRestore } from "./revisions";
import type { RevisionKind } from "~/lib/limits";

/** One piece of media in a create or update, as stored: a fresh upload or a URL kept from before. */
interface MediaEntry {
  media: StoredMedia;
  caption: string;
}

interface ArticleMediaInput {
  banner: MediaEntry | null;
  content: MediaEntry[];
}

/** A banner or content item of a save as sent: a new file, not stored yet, or media kept by URL. */
export type MediaChoice = { caption: string } & (
  | { file: { name: string; bytes: Uint8Array }; purpose: MediaPurpose }
  | { kept: StoredMedia }
);

export interface ArticleMediaChoices {
  banner: MediaChoice | null;
  content: MediaChoice[];
}

/**
 * A create or update as the client sent it: the fields it names (multipart strings; an update keeps
 * every field it leaves out) and, when it names any, the media (else an update keeps them).
 */
export interface ArticlePatch {
  fields: Record<string, string>;
  media: ArticleMediaChoices | undefined;
}

/**
 * New files are checked and processed in memory before the transaction, and written inside it,
 * once the save is known to be valid; if the transaction fails they are removed, so a refused
 * save leaves no file behind.
 */
class PendingMedia {
  private constructor(
    readonly entries: ArticleMediaInput | undefined,
    private readonly prepared: PreparedMedia[],
  ) {}

  static async of(choices: ArticleMediaChoices | undefined): Promise<PendingMedia> {
    if (!choices) return new PendingMedia(undefined, []);
    const prepared: PreparedMedia[] = [];
    const entry = async (choice: MediaChoice): Promise<MediaEntry> => {
      if ("kept" in choice) return { media: choice.kept, caption: choice.caption };
      const ready = await prepareMedia(choice.file, choice.purpose);
      prepared.push(ready);
      return { media: ready.media, caption: choice.caption };
    };
    const banner = choices.banner ? await entry(choices.banner) : null;
    const content: MediaEntry[] = [];
    for (const choice of choices.content) content.push(await entry(choice));
    return new PendingMedia({ banner, content }, prepared);
  }

  /** Runs `write` (a transaction that calls `store` once the save is valid), undoing the files if it fails. */
  async around<T>(storage: MediaStorage, write: (store: () => Promise<void>) => Promise<T>): Promise<T> {
    try {
      return await write(async () => {
        for (const ready of this.prepared) await saveMedia(storage, ready);
      });
    } catch (error) {
      await Promise.all(this.prepared.map((ready) => removeMedia(storage, ready)));
      throw error;
    }
  }
}

async function assertReferencesExist(tx: Executor, input: ArticleInput, selfId?: number): Promise<void> {
  const [writer] = await tx.select({ id: writers.id }).from(writers).where(eq(writers.id, input.writer_id));
  if (!writer) throw new AppError(400, "unknownWriter");
  if (input.category_id) {
    const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.category_id));
    if (!category) throw new AppError(400, "unknownCategory");
  }
  const tagIds = [...new Set(input.tags)];
  if (tagIds.length) {
    const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, tagIds));
    if (found.length !== tagIds.length) throw new AppError(400, "unknownTags");
  }
  const relatedIds = [...new Set(input.related_news_ids)].filter((id) => id !== selfId);
  const linked = input.translation_id ? [...relatedIds, input.translation_id] : relatedIds;
  if (linked.length) {
    const found = await tx.select({ id: articles.id }).from(articles).where(inArray(articles.id, [...new Set(linked)]));
    if (found.length !== new Set(linked).size) throw new AppError(400, "unknownRelated");
  }
}

async function chooseSlug(tx: Executor, input: ArticleInput, selfId?: number): Promise<string> {
  const base = slugOrFallback(input.slug || input.title, "article");
  return uniqueSlug(base, async (candidate) => {
    const [row] = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.slug, candidate), selfId ? ne(articles.id, selfId) : undefined));
    return row !== undefined;
  });
}

/** docs/product.md#what-the-site-keeps: position 0 is the banner; content media follow, offset by one when a banner exists. */
async function replaceMedia(tx: Executor, articleId: number, media: ArticleMediaInput): Promise<void> {
  // Media kept by URL carries no dimensions in the payload; keep the ones measured at upload.
  const previous = await tx.delete(articleMedia).where(eq(articleMedia.articleId, articleId)).returning();
  const measured = new Map(previous.map((m) => [m.url, m]));
  const offset = media.banner ? 1 : 0;
  const rows = [
    ...(media.banner ? [{ entry: media.banner, kind: "banner" as const, position: 0 }] : []),
    ...media.content.map((entry, i) => ({ entry, kind: "content" as const, position: i + offset })),
  ].map(({ entry, kind, position }) => ({
    articleId,
    url: entry.media.url,
    caption: entry.caption,
    position,
    kind,
    mediaType: entry.media.mediaType,
    width: entry.media.width ?? measured.get(entry.media.url)?.width ?? null,
    height: entry.media.height ?? measured.get(entry.media.url)?.height ?? null,
  }));
  if (rows.length) await tx.insert(articleMedia).values(rows);
}

async function replaceLinks(tx: Executor, articleId: number, input: ArticleInput): Promise<void> {
  await tx.delete(articleTags).where(eq(articleTags.articleId, articleId));
  const tagIds = [...new Set(input.tags)];
  if (tagIds.length) await tx.insert(articleTags).values(tagIds.map((tagId) => ({ articleId, tagId })));

  await tx.delete(relatedArticles).where(eq(relatedArticles.articleId, articleId));
  const relatedIds = [...new Set(input.related_news_ids)].filter((id) => id !== articleId);
  if (relatedIds.length) {
    await tx.insert(relatedArticles).values(relatedIds.map((relatedId, position) => ({ articleId, relatedId, position })));
  }
}

/** Translations point at each other: linking A to B also links B to A and unlinks their old partners. */
async function linkTranslation(tx: Executor, articleId: number, translationId: number | null | undefined) {
  if (translationId === undefined) return;
  await tx.update(articles).set({ translationId: null }).where(eq(articles.translationId, articleId));
  if (translationId === null || translationId === articleId) {
    await tx.update(articles).set({ translationId: null }).where(eq(articles.id, articleId));
    return;
  }
  await tx.update(articles).set({ translationId: null }).where(eq(articles.translationId, translationId));
  await tx.update(articles).set({ translationId }).where(eq(articles.id, articleId));
  await tx.update(articles).set({ translationId: articleId }).where(eq(articles.id, translationId));
}

/** What listings show and search reads of an article's body, computed once when it is saved. */
export function derivedFromContent(content: string): { excerpt: string; wordCount: number; bodyText: string } {
  return { excerpt: excerpt(content), wordCount: wordCount(content), bodyText: bodyTextOf(content) };
}

/** Text is stored in NFC, so that a search typed in either Unicode form finds it (docs/product.md#nepali-text). */
function columnsFrom(input: ArticleInput) {
  const content = sanitizeArticleHtml(input.content.normalize("NFC"));
  return {
    title: input.title.normalize("NFC"),
    content,
    ...derivedFromContent(content),
    language: input.language ?? inferLanguage(input.title),
    writerId: input.writer_id,
    categoryId: input.category_id ?? null,
    metaTitle: input.meta_title.normalize("NFC"),
    metaDescription: input.meta_description.normalize("NFC"),
    isPublished: input.is_published,
    isFeatured: input.is_featured,
  };
}

/** `names`: the client's language, which the saved article's section, writer and tags are named in. */
export async function createArticle(db: Database, storage: MediaStorage, actor: Actor | null, patch: ArticlePatch, names: Language): Promise<ArticleDetail> {
  const author = requireAbility(actor, "backOffice");
  const input = articleSchema.parse(patch.fields);
  // A new story has no legal review asked of it yet (review.ts sets it).
  if (input.is_published) requirePublisher(author, { authorId: author.id, legalReview: false });
  const columns = columnsFrom(input);
  if (columns.content === "") throw new AppError(400, "articleRequired");
  const pending = await PendingMedia.of(patch.media);
  const media = pending.entries ?? { banner: null, content: [] };
  const now = new Date();
  const scheduledAt = scheduleOf(input, now);
  const publishedNow = input.is_published && scheduledAt === null;
  const slug = await pending.around(storage, (storeFiles) => db.transaction(async (tx) => {
    await assertReferencesExist(tx, input);
    const slug = await chooseSlug(tx, input);
    const [row] = await tx
      .insert(articles)
      .values({ ...columns, isPublished: publishedNow, scheduledAt, slug, authorId: author.id, publishedAt: input.published_at ?? now, updatedAt: now })
      .returning({ id: articles.id });
    if (!row) throw new Error("insert returned no row");
    await storeFiles();
    await replaceMedia(tx, row.id, media);
    await replaceLinks(tx, row.id, input);
    if (input.translation_id) await linkTranslation(tx, row.id, input.translation_id);
    await recordRevision(tx, row.id, { kind: "save", userId: author.id, at: now });
    await recordAudit(tx, author, "article.create", { id: row.id, label: columns.title }, scheduledAt ? `scheduled for ${scheduledAt.toISOString()}` : publishedNow ? "published" : "draft");
    return slug;
  }));
  // A new draft is in no public list, feed or page (its translation link shows only once published).
  if (publishedNow) publicContentChanged();
  else publicContentUnchanged();
  return getArticle(db, author, slug, names);
}

/**
 * Issue 15: a story saved as published with a time more than a little ahead is scheduled for that
 * time, not published (a time within the margin is a client's clock, and means now).
 */
const SCHEDULE_MARGIN_MS = 5_000;
function scheduleOf(input: ArticleInput, now: Date): Date | null {
  return input.is_published && input.published_at && input.published_at.getTime() > now.getTime() + SCHEDULE_MARGIN_MS ? input.published_at : null;
}

/**
 * Publishing and unpublishing are for the roles that may (contributors hand their drafts to an
 * editor); a story that needs a legal review is published by an editor other than its author.
 */
function requirePublisher(actor: Actor, story: { authorId: number | null; legalReview: boolean }) {
  if (!can(actor, "publish")) throw new AppError(403, "publishForbidden");
  if (story.legalReview && (!can(actor, "editEveryArticle") || story.authorId === actor.id)) throw new AppError(403, "legalReviewRequired");
}

/**
 * Everything a card or a list shows of an article, or decides by (its place, its section, its
 * tags, its banner, its translation): when none of it changes, an edit reaches only the article's
 * own pages and the answers that quote whole bodies.
 */
async function listedFacts(tx: Executor, id: number): Promise<string> {
  const [row] = await tx
    .select({
      title: articles.title,
      slug: articles.slug,
      excerpt: articles.excerpt,
      language: articles.language,
      writerId: articles.writerId,
      categoryId: articles.categoryId,
      isPublished: articles.isPublished,
      isFeatured: articles.isFeatured,
      publishedAt: articles.publishedAt,
      translationId: articles.translationId,
      banner: sql`(select ${articleMedia.url} from ${articleMedia} where ${bannerOf})`,
      tags: sql`(select array_agg(${articleTags.tagId} order by ${articleTags.tagId}) from ${articleTags} where ${articleTags.articleId} = ${articles.id})`,
    })
    .from(articles)
    .where(eq(articles.id, id));
  return JSON.stringify(row);
}

/** Why a save is kept as a revision: a restore says which revision it brought back. */
type SaveKind = { kind: Exclude<RevisionKind, "restore"> } | { kind: "restore"; restoredFrom: number; number: number };

/**
 * Saves a change to an article: the patch is merged over the row as it is once locked, so a field
 * the request leaves out keeps what is stored at that moment, not what some earlier read saw.
 * `input.updated_at` is the version the editor loaded; if the stored article changed since, the
 * save is refused with 409 instead of silently overwriting someone else's work. Media left out
 * of the patch are kept. The field `autosave=true` marks the editor's own autosave of a draft,
 * which is folded into that person's recent autosave revision.
 */
export async function updateArticle(
  db: Database,
  storage: MediaStorage,
  actor: Actor | null,
  slug: string,
  patch: ArticlePatch,
  names: Language,
  saveKind: SaveKind = { kind: patch.fields.autosave === "true" ? "autosave" : "save" },
): Promise<ArticleDetail> {
  const editor = requireAbility(actor, "backOffice");
  const pending = await PendingMedia.of(patch.media);
  const { newSlug, change } = await pending.around(storage, (storeFiles) => db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        id: articles.id,
        slug: articles.slug,
        isPublished: articles.isPublished,
        publishedAt: articles.publishedAt,
        updatedAt: articles.updatedAt,
        translationId: articles.translationId,
        authorId: articles.authorId,
        legalReview: articles.legalReview,
        scheduledAt: articles.scheduledAt,
      })
      .from(articles)
      .where(eq(articles.slug, slug.normalize("NFC")))
      .for("update");
    if (!current) throw new AppError(404, "articleNotFound");
    requireArticleEditor(editor, current);
    const stored = await storedFields(tx, current.id);
    const input = articleSchema.parse({ ...stored, ...patch.fields });
    if (input.is_published !== current.isPublished) requirePublisher(editor, current);
    const columns = columnsFrom(input);
    if (columns.content === "") throw new AppError(400, "articleRequired");
    const before = current.isPublished ? await listedFacts(tx, current.id) : undefined;
    if (input.updated_at !== undefined && new Date(input.updated_at).getTime() !== current.updatedAt.getTime()) {
      throw new AppError(409, "editConflict");
    }
    await assertReferencesExist(tx, input, current.id);
    await keepEarliestRevision(tx, current.id, current.updatedAt);
    // A new title keeps the old address: links already shared must not break. Only an explicit slug moves it.
    const nextSlug = input.slug && slugify(input.slug) !== current.slug ? await chooseSlug(tx, input, current.id) : current.slug;
    const now = new Date();
    // A save by a role that may not publish cannot unschedule either: the story keeps its time.
    const keptSchedule = current.scheduledAt !== null && !input.is_published && !can(editor, "publish") ? current.scheduledAt : null;
    const scheduledAt = scheduleOf(input, now) ?? keptSchedule;
    const publishedNow = input.is_published && scheduledAt === null;
    // Publishing a draft for the first time stamps it with the moment it went live.
    const publishedAt = input.published_at ?? (publishedNow && !current.isPublished ? now : current.publishedAt);
    await tx
      .update(articles)
      .set({
        ...columns,
        isPublished: publishedNow,
        scheduledAt,
        slug: nextSlug,
        publishedAt,
        // A published story has left the review queue.
        ...(publishedNow ? { submittedAt: null } : {}),
        updatedAt: new Date(Math.max(now.getTime(), current.updatedAt.getTime() + 1)),
      })
      .where(eq(articles.id, current.id));
    await storeFiles();
    if (pending.entries) await replaceMedia(tx, current.id, pending.entries);
    await replaceLinks(tx, current.id, input);
    // Relinking rewrites both partners' rows (and their search documents): only when it changes.
    if (input.translation_id !== current.translationId) await linkTranslation(tx, current.id, input.translation_id);
    await recordRevision(tx, current.id, { userId: editor.id, at: now, ...saveKind });
    const rescheduled = scheduledAt !== null && scheduledAt.getTime() !== current.scheduledAt?.getTime();
    const action =
      saveKind.kind === "restore" ? "article.restore" : rescheduled ? "article.schedule" : publishedNow === current.isPublished ? "article.update" : publishedNow ? "article.publish" : "article.unpublish";
    // Tags are a set; the version claimed and a kept slug are no change.
    const sorted = (ids: unknown) => (Array.isArray(ids) ? [...ids].sort((a, b) => a - b) : ids);
    const changed = [
      changedFields({ ...stored, tags: sorted(stored.tags) }, { ...input, tags: sorted(input.tags), updated_at: undefined, slug: nextSlug === current.slug ? undefined : nextSlug }),
      pending.entries ? "media" : "",
    ]
      .filter(Boolean)
      .join(", ");
    const summary = saveKind.kind === "restore" ? [`revision ${saveKind.number}`, changed].filter(Boolean).join(": ") : changed;
    await recordAudit(tx, editor, action, { id: current.id, label: columns.title }, summary);
    // A draft that stays a draft is seen by no reader; a published story whose cards and places
    // stay the same changed only its own pages.
    const listedSame = before !== undefined && before === (await listedFacts(tx, current.id));
    const change = !current.isPublished && !publishedNow ? "nothing" : listedSame ? "body" : "everything";
    return { newSlug: nextSlug, change };
  }));
  if (change === "nothing") publicContentUnchanged();
  else if (change === "body") publicArticleBodyChanged(newSlug);
  else publicContentChanged();
  return getArticle(db, editor, newSlug, names);
}

/** Deleting follows editing: whoever may change an article may delete it (app/lib/roles.ts). */
export async function deleteArticle(db: Database, actor: Actor | null, slug: string): Promise<void> {
  requireAbility(actor, "backOffice");
  const deleted = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: articles.id, title: articles.title, isPublished: articles.isPublished, authorId: articles.authorId })
      .from(articles)
      .where(eq(articles.slug, slug.normalize("NFC")))
      .for("update");
    if (!current) throw new AppError(404, "articleNotFound");
    const staff = requireArticleEditor(actor, current);
    await tx.delete(articles).where(eq(articles.id, current.id));
    await recordAudit(tx, staff, "article.delete", { id: current.id, label: current.title }, current.isPublished ? "was published" : "was a draft");
    return current;
  });
  if (deleted.isPublished) publicContentChanged();
  else publicContentUnchanged();
}

/**
 * Starts a translation: a draft in the other language, linked both ways to the article, with its
 * section, writer, tags, banner and related stories, and its text to translate from. Its address
 * is the article's with the language after it, until the editor gives it one of its own.
 */
export async function translateArticle(db: Database, actor: Actor | null, slug: string, names: Language): Promise<ArticleDetail> {
  const translator = requireAbility(actor, "backOffice");
  const draftSlug = await db.transaction(async (tx) => {
    const [source] = await tx
      .select({
        id: articles.id,
        slug: articles.slug,
        language: articles.language,
        translationId: articles.translationId,
        isPublished: articles.isPublished,
        authorId: articles.authorId,
        legalReview: articles.legalReview,
      })
      .from(articles)
      .where(eq(articles.slug, slug.normalize("NFC")))
      .for("update");
    // Anyone in the newsroom may start the translation of a story they can see; the draft is theirs.
    if (!source || (!source.isPublished && !seesUnpublished(translator, source))) throw new AppError(404, "articleNotFound");
    if (source.translationId !== null) throw new AppError(409, "alreadyTranslated");
    const language = otherLocale(source.language);
    const input = articleSchema.parse({
      ...(await storedFields(tx, source.id)),
      language,
      slug: `${source.slug}-${language}`,
      is_published: false,
      is_featured: false,
      translation_id: source.id,
    });
    const draftSlug = await chooseSlug(tx, input);
    const now = new Date();
    const [row] = await tx
      .insert(articles)
      // The translation of a story that needs a legal review needs one too.
      .values({ ...columnsFrom(input), slug: draftSlug, authorId: translator.id, legalReview: source.legalReview, publishedAt: now, updatedAt: now })
      .returning({ id: articles.id });
    if (!row) throw new Error("insert returned no row");
    const banners = await tx.select().from(articleMedia).where(and(eq(articleMedia.articleId, source.id), eq(articleMedia.kind, "banner")));
    if (banners.length) await tx.insert(articleMedia).values(banners.map(({ id: _id, ...banner }) => ({ ...banner, articleId: row.id })));
    await replaceLinks(tx, row.id, input);
    await linkTranslation(tx, row.id, source.id);
    await recordRevision(tx, row.id, { kind: "save", userId: translator.id, at: now });
    await recordAudit(tx, translator, "article.translate", { id: row.id, label: input.title }, `from ${source.slug}`);
    return draftSlug;
  });
  // A draft: no reader sees it, nor the link to it from the published version.
  publicContentUnchanged();
  return getArticle(db, translator, draftSlug, names);
}

/**
 * POST /api/news/{slug}/revisions/{id}/restore: the story's words, section, writer, language, tags
 * and media as that revision kept them, saved as a new revision. Whether and when it is published
 * stay as they are; a section, writer or tag deleted since is left as it is now.
 */
export async function restoreRevision(db: Database, storage: MediaStorage, actor: Actor | null, slug: string, revisionId: number, names: Language): Promise<ArticleDetail> {
  const { story, number } = await snapshotToRestore(db, actor, slug, revisionId);
  const existing = async (table: typeof categories | typeof writers | typeof tags, ids: (number | null)[]) => {
    const wanted = ids.filter((id): id is number => id !== null);
    if (wanted.length === 0) return new Set<number>();
    return new Set((await db.select({ id: table.id }).from(table).where(inArray(table.id, wanted))).map((row) => row.id));
  };
  const [categoryIds, writerIds, tagIds] = [await existing(categories, [story.category_id]), await existing(writers, [story.writer_id]), await existing(tags, story.tags)];
  const kept = (url: string, mediaType: "image" | "video" = "image"): StoredMedia => ({ url, mediaType, width: null, height: null });
  // A section or writer deleted since is left out of the patch: the update keeps the current one.
  const fields: Record<string, string> = {
    title: story.title,
    content: story.content,
    meta_title: story.meta_title,
    meta_description: story.meta_description,
    language: story.language,
    ...(story.category_id !== null && categoryIds.has(story.category_id) ? { category_id: String(story.category_id) } : {}),
    ...(story.writer_id !== null && writerIds.has(story.writer_id) ? { writer_id: String(story.writer_id) } : {}),
    tags: JSON.stringify(story.tags.filter((id) => tagIds.has(id))),
  };
  const media: ArticleMediaChoices = {
    banner: story.banner ? { kept: kept(story.banner.url), caption: story.banner.caption } : null,
    content: story.media.map((m) => ({ kept: kept(m.url, m.media_type), caption: m.caption })),
  };
  return updateArticle(db, storage, actor, slug, { fields, media }, names, { kind: "restore", restoredFrom: revisionId, number });
}

/** The stored values of an article as the create/update payload names them: what an update keeps. */
async function storedFields(tx: Executor, id: number): Promise<Record<string, unknown>> {
  // One statement: a transaction's client runs one query at a time.
  const [row] = await tx
    .select({
      title: articles.title,
      content: articles.content,
      writerId: articles.writerId,
      categoryId: articles.categoryId,
      metaTitle: articles.metaTitle,
      metaDescription: articles.metaDescription,
      language: articles.language,
      isPublished: articles.isPublished,
      isFeatured: articles.isFeatured,
      translationId: articles.translationId,
      tagIds: sql<number[]>`array(select ${articleTags.tagId} from ${articleTags} where ${articleTags.articleId} = ${articles.id})`,
      relatedIds: sql<number[]>`array(select ${relatedArticles.relatedId} from ${relatedArticles} where ${relatedArticles.articleId} = ${articles.id} order by ${relatedArticles.position})`,
    })
    .from(articles)
    .where(eq(articles.id, id));
  if (!row) throw new AppError(404, "articleNotFound");
  return {
    title: row.title,
    content: row.content,
    writer_id: row.writerId ?? "",
    category_id: row.categoryId,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    language: row.language,
    is_published: row.isPublished,
    is_featured: row.isFeatured,
    tags: row.tagIds,
    related_news_ids: row.relatedIds,
    translation_id: row.translationId,
  };
}
