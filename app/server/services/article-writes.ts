/**
 * Writing articles: create, update and delete, with their media, tags, related stories and
 * translation, each in one transaction, and the public cache told what changed. Only admins write
 * (docs/product.md#roles-and-permissions); the reads are in articles.ts.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { type ArticleInput, articleSchema } from "~/lib/schemas";
import { inferLanguage } from "~/lib/language";
import { LANGUAGES, type Language } from "~/lib/limits";
import { languageConfig } from "~/lib/languages";
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
import { bannerOf, getArticle, selectedArticleId } from "./articles";
import { changedFields, recordAudit } from "./audit";
import { keepEarliestRevision, recordRevision, revisionToRestore } from "./revisions";
import { lockArticle } from "./article-access";
import type { AuditAction, RevisionKind } from "~/lib/limits";
import type { ArticleDetail, RevisionStory } from "~/lib/api-types";

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
  async around<T>(storage: MediaStorage, write: (store: (tx: Executor) => Promise<void>) => Promise<T>): Promise<T> {
    try {
      return await write(async (tx) => {
        for (const ready of this.prepared) await saveMedia(storage, tx, ready);
      });
    } catch (error) {
      await Promise.all(this.prepared.map((ready) => removeMedia(storage, ready)));
      throw error;
    }
  }
}

/** Ids as one array parameter: the statement's text stays the same whatever their number. */
const idArray = (ids: number[]) => sql`${sql.param(ids)}::int[]`;

/**
 * The writer, section, tags and linked stories a save names all exist: one statement, as a save's
 * statements run one after another in its transaction. 400 for the first that does not, in that order.
 */
async function assertReferencesExist(tx: Executor, input: ArticleInput, selfId?: number): Promise<void> {
  const tagIds = [...new Set(input.tags)];
  const relatedIds = [...new Set(input.related_news_ids)].filter((id) => id !== selfId);
  const linked = [...new Set(input.translation_id ? [...relatedIds, input.translation_id] : relatedIds)];
  const [found] = await tx
    .select({
      category: input.category_id ? sql<boolean>`exists (select from ${categories} where ${categories.id} = ${input.category_id})` : sql<boolean>`true`,
      tags: sql<number>`(select count(*) from ${tags} where ${tags.id} = any(${idArray(tagIds)}))`.mapWith(Number),
      linked: sql<number>`(select count(*) from ${articles} where ${articles.id} = any(${idArray(linked)}))`.mapWith(Number),
    })
    .from(writers)
    .where(eq(writers.id, input.writer_id));
  if (!found) throw new AppError(400, "unknownWriter");
  if (!found.category) throw new AppError(400, "unknownCategory");
  if (found.tags !== tagIds.length) throw new AppError(400, "unknownTags");
  if (found.linked !== linked.length) throw new AppError(400, "unknownRelated");
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

/** Whether a save changes the story's tags (a set) or its related stories (a list, in order): most saves change neither. */
function linksChanged(stored: StoredFields, input: ArticleInput, articleId: number): boolean {
  const tagIds = new Set(input.tags);
  const sameTags = tagIds.size === new Set(stored.tags).size && stored.tags.every((id) => tagIds.has(id));
  const related = [...new Set(input.related_news_ids)].filter((id) => id !== articleId);
  const sameRelated = related.length === stored.related_news_ids.length && related.every((id, i) => id === stored.related_news_ids[i]);
  return !(sameTags && sameRelated);
}

/**
 * Places the article, in `language`, in a story: `translationId`'s (the input's `translation_id`),
 * a story of its own again given null or itself, or the one it is in when not given. A story holds
 * one version per language: 409 when the story has another in `language` already. The story's rows
 * are locked first, so that two versions in one language cannot join it at once.
 */
async function placeInStory(tx: Executor, articleId: number, translationId: number | null | undefined, language: Language): Promise<void> {
  const [self] = await tx.select({ storyId: articles.storyId }).from(articles).where(eq(articles.id, articleId));
  if (!self) throw new AppError(404, "articleNotFound");
  const versionsOf = (storyId: number) =>
    tx.select({ id: articles.id, language: articles.language }).from(articles).where(and(eq(articles.storyId, storyId), ne(articles.id, articleId))).for("update");
  if (translationId === null || translationId === articleId) {
    if ((await versionsOf(self.storyId)).length > 0) await tx.update(articles).set({ storyId: sql`nextval('article_stories_seq')` }).where(eq(articles.id, articleId));
    return;
  }
  const [target] = translationId === undefined ? [self] : await tx.select({ storyId: articles.storyId }).from(articles).where(eq(articles.id, translationId));
  if (!target) throw new AppError(400, "unknownRelated");
  requireLanguageFree(await versionsOf(target.storyId), language);
  if (target.storyId !== self.storyId) await tx.update(articles).set({ storyId: target.storyId }).where(eq(articles.id, articleId));
}

/** 409 when a story's `versions` hold one in `language` already: a story has one version per language. */
function requireLanguageFree(versions: { language: Language }[], language: Language): void {
  if (versions.some((version) => version.language === language)) {
    throw new AppError(409, "versionLanguageTaken", { language: languageConfig(language).selfName });
  }
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
  const columns = requireBody(columnsFrom(input));
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
    await storeFiles(tx);
    await replaceMedia(tx, row.id, media);
    await replaceLinks(tx, row.id, input);
    if (input.translation_id) await placeInStory(tx, row.id, input.translation_id, columns.language);
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
      storyId: articles.storyId,
      banner: sql`(select ${articleMedia.url} from ${articleMedia} where ${bannerOf})`,
      tags: sql`(select array_agg(${articleTags.tagId} order by ${articleTags.tagId}) from ${articleTags} where ${articleTags.articleId} = ${selectedArticleId})`,
    })
    .from(articles)
    .where(eq(articles.id, id));
  return JSON.stringify(row);
}

/** Why a save is kept as a revision: a restore says which revision it brought back. */
type SaveKind = { kind: Exclude<RevisionKind, "restore"> } | { kind: "restore"; restoredFrom: number; number: number };

/** What an update decides by, read from the article's row once it is locked. */
const editedColumns = ["id", "slug", "language", "storyId", "isPublished", "publishedAt", "updatedAt", "authorId", "legalReview", "scheduledAt"] as const;
type EditedArticle = Pick<typeof articles.$inferSelect, (typeof editedColumns)[number]>;

/** The article at `slug`, locked, for an editor who may change it (404 if they may not see it, 403 if they may only see it). */
async function lockForEdit(tx: Executor, editor: Actor, slug: string): Promise<EditedArticle> {
  const current = await lockArticle(tx, slug, editedColumns);
  requireArticleEditor(editor, current);
  return current;
}

/**
 * A change to an article: values in the payload's names over the stored ones (a field it leaves
 * out keeps what is stored), and the media when it names any (else they are kept).
 */
interface Edit {
  /** A client's fields as sent (strings), or a restore's own values. */
  values: Record<string, string> | Partial<ArticleInput>;
  media: ArticleMediaInput | undefined;
  /** Writes the edit's new files, once the save is known to be valid. */
  storeFiles?: (tx: Executor) => Promise<void>;
  saveKind: SaveKind;
}

/** Changing whether a story is published is for those who may publish it (requirePublisher). */
function requirePublishingRight(editor: Actor, current: EditedArticle, input: ArticleInput) {
  if (input.is_published !== current.isPublished) requirePublisher(editor, current);
}

/** A body that sanitises to nothing is no article. */
function requireBody<Columns extends { content: string }>(columns: Columns): Columns {
  if (columns.content === "") throw new AppError(400, "articleRequired");
  return columns;
}

/**
 * `input.updated_at` is the version the editor loaded; if the stored article changed since, the
 * save is refused with 409 instead of silently overwriting someone else's work.
 */
function requireLoadedVersion(input: ArticleInput, current: EditedArticle) {
  if (input.updated_at !== undefined && new Date(input.updated_at).getTime() !== current.updatedAt.getTime()) throw new AppError(409, "editConflict");
}

/** A new title keeps the old address: links already shared must not break. Only an explicit slug moves it. */
async function slugAfterEdit(tx: Executor, input: ArticleInput, current: EditedArticle): Promise<string> {
  return input.slug && slugify(input.slug) !== current.slug ? chooseSlug(tx, input, current.id) : current.slug;
}

/** Whether, since when and until when the story is published once saved: the columns that say so. */
function publicationAfterEdit(editor: Actor, input: ArticleInput, current: EditedArticle, now: Date) {
  // A save by a role that may not publish cannot unschedule either: the story keeps its time.
  const keptSchedule = current.scheduledAt !== null && !input.is_published && !can(editor, "publish") ? current.scheduledAt : null;
  const scheduledAt = scheduleOf(input, now) ?? keptSchedule;
  const isPublished = input.is_published && scheduledAt === null;
  return {
    isPublished,
    scheduledAt,
    // Publishing a draft for the first time stamps it with the moment it went live.
    publishedAt: input.published_at ?? (isPublished && !current.isPublished ? now : current.publishedAt),
    // A published story has left the review queue.
    ...(isPublished ? { submittedAt: null } : {}),
  };
}
type Publication = ReturnType<typeof publicationAfterEdit>;

/** The version a save gives the article: later than the one it replaces, even when the clock is not. */
const versionAfter = (current: EditedArticle, now: Date) => new Date(Math.max(now.getTime(), current.updatedAt.getTime() + 1));

function auditActionOf(saveKind: SaveKind, current: EditedArticle, publication: Publication): AuditAction {
  if (saveKind.kind === "restore") return "article.restore";
  const rescheduled = publication.scheduledAt !== null && publication.scheduledAt.getTime() !== current.scheduledAt?.getTime();
  if (rescheduled) return "article.schedule";
  if (publication.isPublished === current.isPublished) return "article.update";
  return publication.isPublished ? "article.publish" : "article.unpublish";
}

/** The fields a save changed, and the revision a restore brought back. Tags are a set; the version claimed and a kept slug are no change. */
function auditSummaryOf(edit: Edit, stored: StoredFields, input: ArticleInput, slugChange: string | undefined): string {
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
  const changed = [
    changedFields({ ...stored, tags: sorted(stored.tags) }, { ...input, tags: sorted(input.tags), updated_at: undefined, slug: slugChange }),
    edit.media ? "media" : "",
  ]
    .filter(Boolean)
    .join(", ");
  return edit.saveKind.kind === "restore" ? [`revision ${edit.saveKind.number}`, changed].filter(Boolean).join(": ") : changed;
}

/**
 * What readers may see change: nothing, for a draft that stays a draft; its own pages only, for a
 * published story whose cards and places stay the same (listedFacts); else everything.
 */
async function publicChangeOf(tx: Executor, current: EditedArticle, publication: Publication, listedBefore: string | undefined): Promise<PublicChange> {
  if (!current.isPublished && !publication.isPublished) return "nothing";
  return listedBefore !== undefined && listedBefore === (await listedFacts(tx, current.id)) ? "body" : "everything";
}

type PublicChange = "nothing" | "body" | "everything";

function announce({ change, slug }: { change: PublicChange; slug: string }) {
  if (change === "nothing") publicContentUnchanged();
  else if (change === "body") publicArticleBodyChanged(slug);
  else publicContentChanged();
}

/**
 * Saves `edit` over the locked article, in the caller's transaction: the edit is merged over the
 * row as it is now, so a field it leaves out keeps what is stored at this moment, not what some
 * earlier read saw. Returns the article's address and what readers may see change.
 */
async function applyEdit(tx: Executor, editor: Actor, current: EditedArticle, edit: Edit): Promise<{ slug: string; change: PublicChange }> {
  const stored = await storedFields(tx, current.id);
  const input = articleSchema.parse({ ...stored, ...edit.values });
  requirePublishingRight(editor, current, input);
  const columns = requireBody(columnsFrom(input));
  const listedBefore = current.isPublished ? await listedFacts(tx, current.id) : undefined;
  requireLoadedVersion(input, current);
  await assertReferencesExist(tx, input, current.id);
  await keepEarliestRevision(tx, current.id, current.updatedAt);
  const slug = await slugAfterEdit(tx, input, current);
  const now = new Date();
  const publication = publicationAfterEdit(editor, input, current, now);
  // Before the row changes language: a story's second version in one language is refused, not left to the unique index.
  if (edit.values.translation_id !== undefined || columns.language !== current.language) await placeInStory(tx, current.id, input.translation_id, columns.language);
  await tx
    .update(articles)
    .set({ ...columns, ...publication, slug, updatedAt: versionAfter(current, now) })
    .where(eq(articles.id, current.id));
  await edit.storeFiles?.(tx);
  if (edit.media) await replaceMedia(tx, current.id, edit.media);
  if (linksChanged(stored, input, current.id)) await replaceLinks(tx, current.id, input);
  await recordRevision(tx, current.id, { userId: editor.id, at: now, ...edit.saveKind });
  const summary = auditSummaryOf(edit, stored, input, slug === current.slug ? undefined : slug);
  await recordAudit(tx, editor, auditActionOf(edit.saveKind, current, publication), { id: current.id, label: columns.title }, summary);
  return { slug, change: await publicChangeOf(tx, current, publication, listedBefore) };
}

/**
 * PUT /api/news/{slug}: saves a client's change to an article (applyEdit). Media left out of the
 * patch are kept. The field `autosave=true` marks the editor's own autosave of a draft, which is
 * folded into that person's recent autosave revision.
 */
export async function updateArticle(db: Database, storage: MediaStorage, actor: Actor | null, slug: string, patch: ArticlePatch, names: Language): Promise<ArticleDetail> {
  const editor = requireAbility(actor, "backOffice");
  const pending = await PendingMedia.of(patch.media);
  const saved = await pending.around(storage, (storeFiles) =>
    db.transaction(async (tx) =>
      applyEdit(tx, editor, await lockForEdit(tx, editor, slug), {
        values: patch.fields,
        media: pending.entries,
        storeFiles,
        saveKind: { kind: patch.fields.autosave === "true" ? "autosave" : "save" },
      }),
    ),
  );
  announce(saved);
  return getArticle(db, editor, saved.slug, names);
}

/** Deleting follows editing: whoever may change an article may delete it (app/lib/roles.ts). */
export async function deleteArticle(db: Database, actor: Actor | null, slug: string): Promise<void> {
  requireAbility(actor, "backOffice");
  const deleted = await db.transaction(async (tx) => {
    const current = await lockArticle(tx, slug, ["id", "title", "isPublished", "authorId"]);
    const staff = requireArticleEditor(actor, current);
    await tx.delete(articles).where(eq(articles.id, current.id));
    await recordAudit(tx, staff, "article.delete", { id: current.id, label: current.title }, current.isPublished ? "was published" : "was a draft");
    return current;
  });
  if (deleted.isPublished) publicContentChanged();
  else publicContentUnchanged();
}

/**
 * Starts a translation: a draft in `wanted` (by default the first language of the site the story
 * has no version in), a new version of the article's story, with its section, writer, tags, banner
 * and related stories, and its text to translate from. Its address is the article's with the
 * language after it, until the editor gives it one of its own.
 */
export async function translateArticle(db: Database, actor: Actor | null, slug: string, wanted: Language | undefined, names: Language): Promise<ArticleDetail> {
  const translator = requireAbility(actor, "backOffice");
  const draftSlug = await db.transaction(async (tx) => {
    const source = await lockArticle(tx, slug, ["id", "slug", "language", "storyId", "isPublished", "authorId", "legalReview"]);
    // Anyone in the newsroom may start the translation of a story they can see; the draft is theirs.
    if (!source.isPublished && !seesUnpublished(translator, source)) throw new AppError(404, "articleNotFound");
    const story = await tx.select({ language: articles.language }).from(articles).where(eq(articles.storyId, source.storyId)).for("update");
    const language = wanted ?? LANGUAGES.find((each) => !story.some((version) => version.language === each));
    if (language === undefined) throw new AppError(409, "alreadyTranslated");
    requireLanguageFree(story, language);
    const input = articleSchema.parse({
      ...(await storedFields(tx, source.id)),
      language,
      slug: `${source.slug}-${language}`,
      is_published: false,
      is_featured: false,
    });
    const draftSlug = await chooseSlug(tx, input);
    const now = new Date();
    const [row] = await tx
      .insert(articles)
      // The translation of a story that needs a legal review needs one too.
      .values({ ...columnsFrom(input), storyId: source.storyId, slug: draftSlug, authorId: translator.id, legalReview: source.legalReview, publishedAt: now, updatedAt: now })
      .returning({ id: articles.id });
    if (!row) throw new Error("insert returned no row");
    const banners = await tx.select().from(articleMedia).where(and(eq(articleMedia.articleId, source.id), eq(articleMedia.kind, "banner")));
    if (banners.length) await tx.insert(articleMedia).values(banners.map(({ id: _id, ...banner }) => ({ ...banner, articleId: row.id })));
    await replaceLinks(tx, row.id, input);
    await recordRevision(tx, row.id, { kind: "save", userId: translator.id, at: now });
    await recordAudit(tx, translator, "article.translate", { id: row.id, label: input.title }, `from ${source.slug}`);
    return draftSlug;
  });
  // A draft: no reader sees it, nor the link to it from the published version.
  publicContentUnchanged();
  return getArticle(db, translator, draftSlug, names);
}

/**
 * A revision's story as values of an update: its words, section, writer, language and tags. A
 * section or writer deleted since is left out, so the update keeps the current one; of its tags,
 * those that still exist.
 */
async function restoredValues(tx: Executor, story: RevisionStory): Promise<Partial<ArticleInput>> {
  const existing = async (table: typeof categories | typeof writers | typeof tags, ids: (number | null)[]) => {
    const wanted = ids.filter((id): id is number => id !== null);
    if (wanted.length === 0) return new Set<number>();
    return new Set((await tx.select({ id: table.id }).from(table).where(inArray(table.id, wanted))).map((row) => row.id));
  };
  const [categoryIds, writerIds, tagIds] = [await existing(categories, [story.category_id]), await existing(writers, [story.writer_id]), await existing(tags, story.tags)];
  return {
    title: story.title,
    content: story.content,
    meta_title: story.meta_title,
    meta_description: story.meta_description,
    language: story.language,
    ...(story.category_id !== null && categoryIds.has(story.category_id) ? { category_id: story.category_id } : {}),
    ...(story.writer_id !== null && writerIds.has(story.writer_id) ? { writer_id: story.writer_id } : {}),
    tags: story.tags.filter((id) => tagIds.has(id)),
  };
}

/** A revision's media, kept by URL (their measured sizes stay with them, replaceMedia). */
function restoredMedia(story: RevisionStory): ArticleMediaInput {
  const kept = (url: string, mediaType: "image" | "video" = "image"): StoredMedia => ({ url, mediaType, width: null, height: null });
  return {
    banner: story.banner ? { media: kept(story.banner.url), caption: story.banner.caption } : null,
    content: story.media.map((m) => ({ media: kept(m.url, m.media_type), caption: m.caption })),
  };
}

/**
 * POST /api/news/{slug}/revisions/{id}/restore: the story's words, section, writer, language, tags
 * and media as that revision kept them, saved as a new revision. Whether and when it is published
 * stay as they are; a section, writer or tag deleted since is left as it is now.
 */
export async function restoreRevision(db: Database, actor: Actor | null, slug: string, revisionId: number, names: Language): Promise<ArticleDetail> {
  const editor = requireAbility(actor, "backOffice");
  const saved = await db.transaction(async (tx) => {
    const current = await lockForEdit(tx, editor, slug);
    const { story, number } = await revisionToRestore(tx, current.id, revisionId);
    return applyEdit(tx, editor, current, {
      values: await restoredValues(tx, story),
      media: restoredMedia(story),
      saveKind: { kind: "restore", restoredFrom: revisionId, number },
    });
  });
  announce(saved);
  return getArticle(db, editor, saved.slug, names);
}

/** The stored values of an article as the create/update payload names them: what an update keeps. */
async function storedFields(tx: Executor, id: number) {
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
      tagIds: sql<number[]>`array(select ${articleTags.tagId} from ${articleTags} where ${articleTags.articleId} = ${selectedArticleId})`,
      relatedIds: sql<number[]>`array(select ${relatedArticles.relatedId} from ${relatedArticles} where ${relatedArticles.articleId} = ${selectedArticleId} order by ${relatedArticles.position})`,
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
  };
}
type StoredFields = Awaited<ReturnType<typeof storedFields>>;
