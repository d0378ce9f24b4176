/**
 * What feeds and sitemaps read: published articles only, always (a draft is never in a feed, a
 * sitemap or the news sitemap). Feeds read bodies, so they take a handful of articles at a time;
 * sitemaps read addresses and dates only.
 */
import { type SQL, and, asc, count, desc, eq, gte, inArray, isNotNull, max, sql } from "drizzle-orm";
import type { Language } from "~/lib/limits";
import type { Executor } from "../db/connection";
import { nameIn } from "./names";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type Edition, fromVersions, qualified, shownInEdition } from "./editions";
import { articleMedia, articleTags, articles, categories, documents, tags, writers } from "../db/schema";

const published = eq(articles.isPublished, true);

export interface FeedArticle {
  id: number;
  title: string;
  slug: string;
  language: Language;
  excerpt: string;
  metaDescription: string;
  content: string;
  writerId: number | null;
  writerName: string | null;
  categoryName: string | null;
  categorySlug: string | null;
  publishedAt: Date;
  updatedAt: Date;
  imageUrl: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  tags: string[];
}

export type FeedScope = { kind: "site" } | { kind: "category"; id: number } | { kind: "writer"; id: number } | { kind: "tag"; id: number };

function scopeCondition(scope: FeedScope): SQL | undefined {
  switch (scope.kind) {
    case "site":
      return undefined;
    case "category":
      return eq(articles.categoryId, scope.id);
    case "writer":
      return eq(articles.writerId, scope.id);
    case "tag":
      return inArray(articles.id, sql`(select ${articleTags.articleId} from ${articleTags} where ${articleTags.tagId} = ${scope.id})`);
  }
}

/**
 * The newest published articles of a scope in an edition (each story once, its sections, writers
 * and tags named in the edition's language), with their bodies, banners and tag names.
 */
export async function feedArticles(db: Executor, scope: FeedScope, limit: number, edition: Edition): Promise<FeedArticle[]> {
  const names = edition.language;
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      slug: articles.slug,
      language: articles.language,
      excerpt: articles.excerpt,
      metaDescription: articles.metaDescription,
      content: articles.content,
      writerId: articles.writerId,
      writerName: nameIn(writers, names),
      categoryName: nameIn(categories, names),
      categorySlug: categories.slug,
      publishedAt: articles.publishedAt,
      updatedAt: articles.updatedAt,
      imageUrl: articleMedia.url,
      imageWidth: articleMedia.width,
      imageHeight: articleMedia.height,
    })
    .from(articles)
    .leftJoin(writers, eq(writers.id, articles.writerId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(articleMedia, and(eq(articleMedia.articleId, articles.id), eq(articleMedia.kind, "banner")))
    .where(and(published, scopeCondition(scope), shownInEdition(edition)))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
  const ids = rows.map((row) => row.id);
  const tagRows = ids.length
    ? await db
        .select({ articleId: articleTags.articleId, name: nameIn(tags, names) })
        .from(articleTags)
        .innerJoin(tags, eq(tags.id, articleTags.tagId))
        .where(inArray(articleTags.articleId, ids))
        .orderBy(asc(nameIn(tags, names)))
    : [];
  return rows.map((row) => ({ ...row, tags: tagRows.filter((t) => t.articleId === row.id).map((t) => t.name) }));
}

export interface SitemapArticle {
  slug: string;
  language: Language;
  updatedAt: Date;
  /** The slug of the version each edition lists of the story (where it lists one): its address there. */
  versions: Partial<Record<Language, string>>;
}

const editionArticles = (edition: Edition) => and(published, shownInEdition(edition));

/** The stories an edition lists: what its article sitemaps divide into files. */
export async function countEditionArticles(db: Executor, edition: Edition): Promise<number> {
  const [row] = await db.select({ n: count() }).from(articles).where(editionArticles(edition));
  return row?.n ?? 0;
}

/** Rows a sitemap file reads at a time: its XML is written as it is read, never held whole. */
const SITEMAP_BATCH = 2000;

const version = (column: AnyPgColumn) => qualified("version", column);
const article = (column: AnyPgColumn) => qualified("articles", column);

/** Each edition's version of the article's story, as {edition: slug}, read from the story's rows by its index. */
const storyVersionSlugs = sql<Partial<Record<Language, string>>>`(select coalesce(jsonb_object_agg(shown.edition, ${version(articles.slug)}), '{}'::jsonb) from ${fromVersions} cross join unnest(${version(articles.shownIn)}) as shown(edition) where ${version(articles.storyId)} = ${article(articles.storyId)})`;

/** What of the story's other published versions a sitemap entry names: their ids, changes and editions. */
const otherVersionsKey = sql<string>`(select string_agg(${version(articles.id)}::text || '@' || ${version(articles.updatedAt)}::text || '@' || array_to_string(${version(articles.shownIn)}, ','), ';' order by ${version(articles.id)}) from ${fromVersions} where ${version(articles.storyId)} = ${article(articles.storyId)} and ${version(articles.id)} <> ${article(articles.id)} and ${version(articles.isPublished)})`;

/**
 * One sitemap file's stories (the `limit` stories of the edition after the first `offset`), oldest
 * first so that a file's contents change only at its end, in batches. After the first batch each
 * one continues from the last row read (its date and id), not from an offset.
 */
export async function* sitemapArticleBatches(
  db: Executor,
  edition: Edition,
  offset: number,
  limit: number,
  batchSize = SITEMAP_BATCH,
): AsyncGenerator<SitemapArticle[]> {
  // The date as PostgreSQL's text, microseconds included: a JavaScript Date would round them away.
  let after: { publishedAt: string; id: number } | undefined;
  for (let left = limit; left > 0; ) {
    const rows = await db
      .select({
        id: articles.id,
        slug: articles.slug,
        language: articles.language,
        updatedAt: articles.updatedAt,
        versions: storyVersionSlugs,
        publishedAt: sql<string>`${articles.publishedAt}::text`,
      })
      .from(articles)
      .where(and(editionArticles(edition), after && sql`(${articles.publishedAt}, ${articles.id}) > (${after.publishedAt}::timestamptz, ${after.id})`))
      .orderBy(asc(articles.publishedAt), asc(articles.id))
      .offset(after ? 0 : offset)
      .limit(Math.min(batchSize, left));
    if (rows.length === 0) return;
    yield rows.map(({ slug, language, updatedAt, versions }) => ({ slug, language, updatedAt, versions }));
    left -= rows.length;
    const last = rows[rows.length - 1]!;
    after = { publishedAt: last.publishedAt, id: last.id };
  }
}

/**
 * What a sitemap file's contents depend on, read without reading them: how many stories it lists,
 * which, when the last of them changed, and their other versions (each names their addresses). Its ETag is made from this, so that a crawler asking again gets a 304 without the
 * file being written.
 */
export async function sitemapFileVersion(db: Executor, edition: Edition, offset: number, limit: number): Promise<{ articles: number; version: string }> {
  const file = db
    .select({
      id: articles.id,
      updatedAt: articles.updatedAt,
      otherVersions: sql<string | null>`${otherVersionsKey}`.as("other_versions"),
    })
    .from(articles)
    .where(editionArticles(edition))
    .orderBy(asc(articles.publishedAt), asc(articles.id))
    .offset(offset)
    .limit(limit)
    .as("file");
  const [row] = await db
    .select({
      n: count(),
      ids: sql<string>`coalesce(sum(${file.id}), 0)::text`,
      changed: sql<string>`coalesce(max(${file.updatedAt})::text, '')`,
      translations: sql<string>`coalesce(md5(string_agg(${file.otherVersions}, '|' order by ${file.id})), '')`,
    })
    .from(file);
  const listed = row?.n ?? 0;
  return { articles: listed, version: `${listed}:${row?.ids ?? 0}:${row?.changed ?? ""}:${row?.translations ?? ""}` };
}

export interface NewsSitemapArticle {
  slug: string;
  title: string;
  language: Language;
  publishedAt: Date;
}

/**
 * Google News takes the articles of the last two days, at most 1,000, of one publication in one
 * language: an edition's own-language stories (a story without a version in it is in the other
 * edition's).
 */
export async function recentArticles(db: Executor, language: Language, since: Date, limit: number): Promise<NewsSitemapArticle[]> {
  return db
    .select({ slug: articles.slug, title: articles.title, language: articles.language, publishedAt: articles.publishedAt })
    .from(articles)
    .where(and(published, eq(articles.language, language), gte(articles.publishedAt, since)))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
}

export interface SitemapListing {
  /** The page's key: a category or tag slug, a writer id. */
  key: string;
  lastModified: Date | null;
}

/** Categories, tags or writers with stories in the edition, with their newest story's date. */
export async function sitemapListings(db: Executor, kind: "category" | "tag" | "writer", edition: Edition): Promise<SitemapListing[]> {
  const newest = max(articles.updatedAt);
  const listed = editionArticles(edition);
  if (kind === "category") {
    const rows = await db
      .select({ key: categories.slug, lastModified: newest })
      .from(categories)
      .innerJoin(articles, and(eq(articles.categoryId, categories.id), listed))
      .groupBy(categories.id)
      .orderBy(asc(categories.slug));
    return rows;
  }
  if (kind === "writer") {
    const rows = await db
      .select({ id: writers.id, lastModified: newest })
      .from(writers)
      .innerJoin(articles, and(eq(articles.writerId, writers.id), listed))
      .groupBy(writers.id)
      .orderBy(asc(writers.id));
    return rows.map((row) => ({ key: String(row.id), lastModified: row.lastModified }));
  }
  return db
    .select({ key: tags.slug, lastModified: newest })
    .from(tags)
    .innerJoin(articleTags, eq(articleTags.tagId, tags.id))
    .innerJoin(articles, and(eq(articles.id, articleTags.articleId), listed))
    .groupBy(tags.id)
    .orderBy(asc(tags.slug));
}

/**
 * Published documents (issue 38), oldest first, for the documents sitemap: each has one page in
 * every edition. At most `limit` (a sitemap file's 50,000 addresses).
 */
export async function sitemapDocuments(db: Executor, limit: number): Promise<SitemapListing[]> {
  return db
    .select({ key: documents.slug, lastModified: documents.updatedAt })
    .from(documents)
    .where(isNotNull(documents.publishedAt))
    .orderBy(asc(documents.publishedAt), asc(documents.id))
    .limit(limit);
}
