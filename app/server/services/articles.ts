/**
 * Articles as readers and the back office read them: lists, search, one article with its related
 * stories, with the rule that only the newsroom sees anything unpublished (docs/product.md#roles-and-permissions). The writes are in
 * article-writes.ts. Pages and the /api routes both call these functions.
 */
import { createHash } from "node:crypto";
import { type Placeholder, type SQL, and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { ArticleDetail, ArticleList, ArticleSummary, ArticleTranslation, Tag } from "~/lib/api-types";
import { type ARTICLE_STATUSES, type NewsQuery } from "~/lib/schemas";
import { bodyImageUploads } from "~/lib/body-pictures";
import { rewriteUploadSources } from "~/lib/upload-paths";
import { modernVariantWidths } from "./media-variants";
import { slugify } from "~/lib/slug";
import { readTimeForWords } from "~/lib/text";
import type { Executor } from "../db/connection";
import { inFull } from "../db/column-in-full";
import {
  articleMedia,
  mediaVariants,
  articleSearch as articleSearchTable,
  articleTags,
  articles,
  categories,
  inEditionSql,
  relatedArticles,
  tags,
  writers,
} from "../db/schema";
import { AppError } from "../errors";
import { type Actor, can, seesUnpublished } from "./actor";
import { notesOf } from "./article-notes";
import { type ArticleSearch, type TextSearchPlan, articleSearch, typedWords } from "./article-search";
import { approvedCommentsOf } from "./comments";
import { lexemesOf, snippetHtml } from "./search-snippet";
import { bodyTexts, rowVersion } from "./body-texts";
import { nameIn, nameKeysIn } from "./names";
import { LANGUAGES, type Language } from "~/lib/limits";
import { type Edition, editionOf, searchedInEdition, shownInEdition, versions, fromVersions } from "./editions";
import { textPreference } from "~/lib/bilingual";
import type { EditionMode } from "../platform/config";
import { idOrSlugIn, idOrSlugKey } from "./slugs";
import { liveCoverage, liveStatus } from "./live-json";

const RELATED_MAX = 3;

/**
 * An article's tags, as a JSON list in the same row: one statement for a whole listing instead of
 * a second round trip to the database for the tags of its articles. Put in order by byName, not
 * by the aggregate: sorting inside it, and joining the tags by hash, was a third of a search
 * page's time on the embedded database (docs/decisions.md, "Tags in order after the statement").
 */
function tagsOfArticle(names: Language) {
  return sql<Tag[]>`coalesce((
    select json_agg(json_build_object('id', ${tags.id}, ${nameKeysIn(tags, names)}, 'slug', ${tags.slug}))
    from ${tags} where ${tags.id} in (select ${articleTags.tagId} from ${articleTags} where ${articleTags.articleId} = ${articles.id})), '[]'::json)`;
}

/** Tags by name, as the database orders text (code point by code point). */
const byName = (a: Tag, b: Tag) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

const summaryColumnsIn = (names: Language) => ({
  id: articles.id,
  title: articles.title,
  slug: articles.slug,
  excerpt: articles.excerpt,
  wordCount: articles.wordCount,
  language: articles.language,
  writerId: articles.writerId,
  writerName: nameIn(writers, names),
  categoryId: articles.categoryId,
  categoryName: nameIn(categories, names),
  categorySlug: categories.slug,
  metaTitle: articles.metaTitle,
  metaDescription: articles.metaDescription,
  isPublished: articles.isPublished,
  isFeatured: articles.isFeatured,
  publishedAt: articles.publishedAt,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
  storyId: articles.storyId,
  imageUrl: articleMedia.url,
  imageWidth: articleMedia.width,
  imageHeight: articleMedia.height,
  imageVariants: mediaVariants.widths,
  tags: tagsOfArticle(names),
  liveStartedAt: articles.liveStartedAt,
  liveEndedAt: articles.liveEndedAt,
});
/** Built once per naming: the statements' text stays the same, and so do their prepared plans. */
const summaryColumnsByLanguage = new Map(LANGUAGES.map((language) => [language, summaryColumnsIn(language)]));
function summaryColumns(names: Language): ReturnType<typeof summaryColumnsIn> {
  const columns = summaryColumnsByLanguage.get(names);
  if (!columns) throw new Error(`"${names}" is not one of the site's languages`);
  return columns;
}

const writerOf = eq(writers.id, articles.writerId);
const categoryOf = eq(categories.id, articles.categoryId);
/** The article's own id in full (db/column-in-full.ts): bare, it would be a medium's own inside a subquery of article_media. */
export const selectedArticleId = inFull(articles.id);
// The banner is the media at position 0 (docs/product.md#what-the-site-keeps); at most one row per article.
export const bannerOf = and(eq(articleMedia.articleId, selectedArticleId), eq(articleMedia.kind, "banner"));
const variantsOfBanner = eq(mediaVariants.url, articleMedia.url);

function selectSummaries(db: Executor, names: Language) {
  return db
    .select(summaryColumns(names))
    .from(articles)
    .leftJoin(writers, writerOf)
    .leftJoin(categories, categoryOf)
    .leftJoin(articleMedia, bannerOf)
    .leftJoin(mediaVariants, variantsOfBanner);
}

/** A summary plus the body: only for the one article being read. */
function selectWithContent(db: Executor, names: Language) {
  return db
    .select({ ...summaryColumns(names), content: articles.content, authorId: articles.authorId, scheduledAt: articles.scheduledAt, liveKeyPoints: articles.liveKeyPoints })
    .from(articles)
    .leftJoin(writers, writerOf)
    .leftJoin(categories, categoryOf)
    .leftJoin(articleMedia, bannerOf)
    .leftJoin(mediaVariants, variantsOfBanner);
}

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

function toSummary(row: SummaryRow): ArticleSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    language: row.language,
    excerpt: row.excerpt,
    read_time: readTimeForWords(row.wordCount),
    writer_id: row.writerId,
    writer_name: row.writerName,
    category_id: row.categoryId,
    category_name: row.categoryName,
    category_slug: row.categorySlug,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    is_published: row.isPublished,
    is_featured: row.isFeatured,
    published_at: row.publishedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    image_url: row.imageUrl,
    image_width: row.imageWidth,
    image_height: row.imageHeight,
    image_variants: row.imageVariants,
    tags: row.tags.sort(byName),
    live: liveStatus(row),
  };
}

/** A value of a listing's statement: as given, or a placeholder of a statement prepared once (preparedSearchPage). */
type Bound<T> = T | Placeholder;

/** A section or tag named by id or slug (idOrSlugKey). */
interface IdOrSlug {
  id: Bound<number>;
  slug: Bound<string>;
}

/** `category` and `tag` are an id or a slug (idOrSlugOf); `?category=Politics` finds the slug politics. */
const categoryKey = (category: string) => idOrSlugKey(slugify(category) || category);

function categoryCondition({ id, slug }: IdOrSlug): SQL {
  return eq(articles.categoryId, idOrSlugIn(categories, id, slug));
}

function tagCondition({ id, slug }: IdOrSlug): SQL {
  return inArray(articles.id, sql`(select ${articleTags.articleId} from ${articleTags} where ${articleTags.tagId} = ${idOrSlugIn(tags, id, slug)})`);
}

/** What a listing keeps of the articles table (listArticles). */
interface Filters {
  status: (typeof ARTICLE_STATUSES)[number];
  /** Only this author's (a contributor's desk). */
  author?: Bound<number>;
  language?: Language;
  translation?: "missing" | "present";
  featured?: boolean;
  category?: IdOrSlug;
  tag?: IdOrSlug;
  writer?: Bound<number>;
  edition?: Edition;
}

/** The translation desk's filter: whether the story has a version in another language (`present`) or none (`missing`). */
function hasOtherVersion(t: typeof articles | typeof articleSearchTable, translation: "missing" | "present"): SQL {
  const id = "articleId" in t ? t.articleId : t.id;
  // A condition, where drizzle names every column with its table.
  const others = sql`exists (select 1 from ${fromVersions} where ${versions.storyId} = ${t.storyId} and ${versions.id} <> ${id})`;
  return translation === "present" ? others : sql`not ${others}`;
}

/**
 * The flag as written, not compared with a parameter: a prepared statement's generic plan (always
 * on the embedded database) may then read the index kept for published stories only.
 */
const publishedOnly = sql`${articles.isPublished}`;

function conditions(filters: Filters): SQL | undefined {
  const { status, author, language, translation, featured, category, tag, writer, edition } = filters;
  return and(
    status === "published"
      ? publishedOnly
      : status === "draft"
        ? and(eq(articles.isPublished, false), isNull(articles.scheduledAt))
        : status === "scheduled"
          ? isNotNull(articles.scheduledAt)
          : undefined,
    author === undefined ? undefined : eq(articles.authorId, author),
    language ? eq(articles.language, language) : undefined,
    translation === undefined ? undefined : hasOtherVersion(articles, translation),
    featured === undefined ? undefined : eq(articles.isFeatured, featured),
    category ? categoryCondition(category) : undefined,
    tag ? tagCondition(tag) : undefined,
    writer === undefined ? undefined : eq(articles.writerId, writer),
    edition ? shownInEdition(edition) : undefined,
  );
}

/**
 * Which rows of search's own table a search with these filters finds. A filter that table does not
 * copy (the back office's: an author, a section, a tag, a draft…) asks the articles table which
 * articles pass; a reader's search never does, as visiting the articles of every match is what the
 * narrow table is there to spare.
 */
function searchConditions(filters: Filters, plan: TextSearchPlan): SQL | undefined {
  const { status, language, translation, edition, ...rest } = filters;
  const onArticles = conditions({ ...rest, status: status === "published" ? "all" : status });
  return and(
    plan.match,
    status === "published" ? sql`${articleSearchTable.isPublished}` : undefined,
    language ? eq(articleSearchTable.language, language) : undefined,
    translation === undefined ? undefined : hasOtherVersion(articleSearchTable, translation),
    edition ? searchedInEdition(edition, plan.query) : undefined,
    onArticles && inArray(articleSearchTable.articleId, sql`(select ${articles.id} from ${articles} where ${onArticles})`),
  );
}

/**
 * One page of a search, in one statement: the matches ranked, the page's summaries with the
 * versions of their rows (their bodies, for the snippets, come from body-texts.ts), the number of
 * all matches (a window count over the ranked matches, which a search reads in full anyway) and
 * the tsquery's words to mark.
 *
 * The matches are first narrowed to id, date and rank in a subquery with a LIMIT (one no search
 * reaches), which PostgreSQL does not flatten into the outer query: flattened, the window count
 * held whole rows of every match, and a common word's 20,000 matches at 100,000 articles spilled
 * to disk (docs/decisions.md, "Narrow matches").
 */
const ALL_MATCHES = 2 ** 31 - 1;

interface SearchPage {
  filters: Filters;
  plan: TextSearchPlan;
  /** True for what comes before the rest, whatever its rank: an edition's own language. */
  first: SQL<boolean>;
  names: Language;
  limit: Bound<number>;
  offset: Bound<number>;
}

function searchPageQuery(db: Executor, { filters, plan, first, names, limit, offset }: SearchPage) {
  const matches = db
    .select({ id: articleSearchTable.articleId, publishedAt: articleSearchTable.publishedAt, rank: plan.rank.as("rank"), own: first.as("own") })
    .from(articleSearchTable)
    .where(searchConditions(filters, plan))
    .limit(ALL_MATCHES)
    .as("matches");
  const byRank = [desc(matches.own), desc(matches.rank), desc(matches.publishedAt), desc(matches.id)];
  const page = db
    .select({ id: matches.id, own: matches.own, rank: matches.rank, publishedAt: matches.publishedAt, total: sql<number>`count(*) over ()`.mapWith(Number).as("total") })
    .from(matches)
    .orderBy(...byRank)
    .limit(limit)
    .offset(offset)
    .as("page");
  return db
    .select({ ...summaryColumns(names), total: page.total, version: rowVersion, query: sql<string | null>`(${plan.query})::text` })
    .from(articles)
    .innerJoin(page, eq(page.id, articles.id))
    .leftJoin(writers, writerOf)
    .leftJoin(categories, categoryOf)
    .leftJoin(articleMedia, bannerOf)
    .leftJoin(mediaVariants, variantsOfBanner)
    .orderBy(desc(page.own), desc(page.rank), desc(page.publishedAt), desc(page.id));
}

type SearchKind = keyof ArticleSearch;
type PreparedSearchPage = ReturnType<ReturnType<typeof searchPageQuery>["prepare"]>;

/**
 * A search page's statement is built once for each shape of listing (which filters, which
 * edition, which language names things) and kept, with the reader's words, the filters' values
 * and the page as placeholders: building it (two subqueries, some thirty columns, the tsquery
 * three times) took the request thread 0.6–0.8 ms a search (docs/decisions.md, "Search without
 * building"). Kept per database handle, as a prepared query belongs to its session.
 */
const preparedSearches = new WeakMap<Executor, Map<string, PreparedSearchPage>>();

function preparedSearchPage(db: Executor, kind: SearchKind, filters: Filters, names: Language): PreparedSearchPage {
  const { author, category, tag, writer, edition } = filters;
  const key = JSON.stringify([
    kind,
    names,
    filters.status,
    author !== undefined,
    filters.language ?? null,
    filters.translation ?? null,
    filters.featured ?? null,
    category !== undefined,
    tag !== undefined,
    writer !== undefined,
    edition ? [edition.language, edition.mode] : null,
  ]);
  let byShape = preparedSearches.get(db);
  if (!byShape) preparedSearches.set(db, (byShape = new Map()));
  let prepared = byShape.get(key);
  if (!prepared) {
    const placeholders: Filters = {
      ...filters,
      author: author === undefined ? undefined : sql.placeholder("author"),
      category: category && { id: sql.placeholder("categoryId"), slug: sql.placeholder("categorySlug") },
      tag: tag && { id: sql.placeholder("tagId"), slug: sql.placeholder("tagSlug") },
      writer: writer === undefined ? undefined : sql.placeholder("writer"),
    };
    const plan = articleSearch(sql.placeholder("words"))[kind];
    // An edition's own language first, then the best matches.
    const first = edition ? sql<boolean>`${articleSearchTable.language} = ${edition.language}` : sql<boolean>`true`;
    const query = searchPageQuery(db, { filters: placeholders, plan, first, names, limit: sql.placeholder("limit"), offset: sql.placeholder("offset") });
    prepared = query.prepare(`search_${createHash("sha1").update(query.toSQL().sql).digest("base64url")}`);
    byShape.set(key, prepared);
  }
  return prepared;
}

async function searchPage(db: Executor, kind: SearchKind, search: string, filters: Filters, names: Language, limit: number, offset: number) {
  const rows = await preparedSearchPage(db, kind, filters, names).execute({
    words: typedWords(search),
    author: filters.author,
    categoryId: filters.category?.id,
    categorySlug: filters.category?.slug,
    tagId: filters.tag?.id,
    tagSlug: filters.tag?.slug,
    writer: filters.writer,
    limit,
    offset,
  });
  // A page past the last match has no row to carry the total.
  const total =
    rows[0]?.total ??
    (offset === 0 ? 0 : ((await db.select({ n: count() }).from(articleSearchTable).where(searchConditions(filters, articleSearch(search)[kind])))[0]?.n ?? 0));
  return { rows, total };
}

export interface ListOptions {
  /** The language sections, writers and tags are named in, the reader's: by default the edition's, else English. */
  names?: Language;
  /** The site's EDITION_MODE unless given. */
  mode?: EditionMode;
}

const namesFor = (query: NewsQuery, options: ListOptions): Language => options.names ?? query.edition ?? "en";

/** What a listing of `query` may show `actor` (see listArticles). */
function filtersFor(actor: Actor | null, query: NewsQuery, options: ListOptions): Filters {
  const everyArticle = can(actor, "editEveryArticle");
  const status = everyArticle ? (query.status ?? "all") : can(actor, "backOffice") ? (query.status ?? "published") : "published";
  return {
    status,
    author: actor && can(actor, "backOffice") && !everyArticle && query.status !== undefined ? actor.id : undefined,
    language: query.language,
    translation: query.translation,
    featured: query.is_featured,
    category: query.category ? categoryKey(query.category) : undefined,
    tag: query.tag ? idOrSlugKey(query.tag) : undefined,
    writer: query.writer || undefined,
    edition: query.edition ? editionOf(query.edition, options.mode) : undefined,
  };
}

/**
 * GET /news (docs/product.md#the-api-in-summary): filters, newest first, one page at a time. Readers only ever see published
 * articles; editors and admins every article (all of them by default, as the spec's admin did).
 * Contributors and authors work on their own: a list that names a status (the back office's) holds
 * only theirs; without one, they get what readers get.
 * With a search, best matches come first and each result carries a highlighted snippet.
 */
export async function listArticles(db: Executor, actor: Actor | null, query: NewsQuery, options: ListOptions = {}): Promise<ArticleList> {
  if (!query.search) {
    const [rows, [totalRow]] = await Promise.all([
      newestArticles(db, actor, query, options),
      db.select({ n: count() }).from(articles).where(conditions(filtersFor(actor, query, options))),
    ]);
    return { articles: rows, total: totalRow?.n ?? 0, page: query.page, limit: query.limit };
  }
  return (await searchListing(db, query.search, filtersFor(actor, query, options), namesFor(query, options), query)).list;
}

/**
 * A page of listArticles without a search and without its total, for the lists that show a few
 * stories and no pages (the latest beside a story, home's leads): counting an edition's stories
 * was a statement of every uncached render, and grows with the archive.
 */
export async function newestArticles(db: Executor, actor: Actor | null, query: NewsQuery, options: ListOptions = {}): Promise<ArticleSummary[]> {
  const where = conditions(filtersFor(actor, query, options));
  // A deferred join, in one statement: the page's ids come from articles alone (straight off the
  // (published_at, id) index when unfiltered), and only those rows are joined to writers,
  // categories and banners. Joining first made a deep page sort every joined row
  // (bench/admin-list.js, 10,000 articles).
  const order = [desc(articles.publishedAt), desc(articles.id)];
  const pageIds = db.select({ id: articles.id }).from(articles).where(where).orderBy(...order).limit(query.limit).offset((query.page - 1) * query.limit);
  const rows = await selectSummaries(db, namesFor(query, options)).where(inArray(articles.id, pageIds)).orderBy(...order);
  return rows.map(toSummary);
}

/** A page of search results, and whether the words as typed found them (or only their look-alikes). */
export interface SearchListing {
  list: ArticleList;
  asTyped: boolean;
}

async function searchListing(db: Executor, search: string, filters: Filters, names: Language, { page, limit }: Pick<NewsQuery, "page" | "limit">): Promise<SearchListing> {
  const offset = (page - 1) * limit;
  let found = await searchPage(db, "fullText", search, filters, names, limit, offset);
  const asTyped = found.total > 0;
  // Words that full-text search cannot match (a partial word, a typo) may still look like some article's.
  if (!asTyped) found = await searchPage(db, "similarWords", search, filters, names, limit, offset);
  const bodies = await bodyTexts.of(db, found.rows);
  const lexemes = lexemesOf(found.rows[0]?.query ?? null);
  return {
    list: {
      articles: found.rows.map((row) => {
        const summary = toSummary(row);
        const body = bodies.get(row.id);
        return body?.length ? { ...summary, snippet: snippetHtml(body, lexemes) } : summary;
      }),
      total: found.total,
      page,
      limit,
    },
    asTyped,
  };
}

/** A reader's search in an edition: what /search shows, and what its head says to search engines. */
export async function readerSearch(db: Executor, query: NewsQuery, options: ListOptions = {}): Promise<SearchListing> {
  return searchListing(db, query.search ?? "", filtersFor(null, query, options), namesFor(query, options), query);
}

/** The other versions of each of `ids`' story, drafts included, in the site's order of languages: for the back office. */
export async function translationsOf(db: Executor, ids: number[]): Promise<Map<number, ArticleTranslation[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ of: articles.id, id: versions.id, slug: versions.slug, title: versions.title, language: versions.language, isPublished: versions.isPublished })
    .from(articles)
    .innerJoin(versions, and(eq(versions.storyId, articles.storyId), ne(versions.id, articles.id)))
    .where(inArray(articles.id, ids));
  const byArticle = new Map<number, ArticleTranslation[]>();
  for (const { of, isPublished, ...version } of inLanguageOrder(rows)) {
    byArticle.set(of, [...(byArticle.get(of) ?? []), { ...version, is_published: isPublished }]);
  }
  return byArticle;
}

/** Versions in the site's order of languages (LANGUAGES), which every list of them follows. */
function inLanguageOrder<T extends { language: Language }>(rows: T[]): T[] {
  const at = (language: Language) => (LANGUAGES.includes(language) ? LANGUAGES.indexOf(language) : LANGUAGES.length);
  return [...rows].sort((a, b) => at(a.language) - at(b.language));
}

/** Published articles by id, in the order of `ids`. */
export async function publishedSummariesByIds(db: Executor, ids: number[], names: Language): Promise<ArticleSummary[]> {
  if (ids.length === 0) return [];
  const rows = await selectSummaries(db, names).where(and(inArray(articles.id, ids), eq(articles.isPublished, true)));
  rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  return rows.map(toSummary);
}

/**
 * The newest `perCategory` published articles of every category, keyed by category id, newest first.
 * One query for all categories (a window function), not one per category.
 */
export async function latestPerCategory(db: Executor, perCategory: number, edition?: Edition): Promise<Map<number, ArticleSummary[]>> {
  const inEdition = edition ? sql`and ${shownInEdition(edition)}` : sql``;
  // Each section's newest, straight off its (category, date) index: ranking every published
  // article by section read the whole archive, 670 ms for the home page at 100,000 articles.
  const newestOfEach = sql`(
    select newest.id from ${categories}
    cross join lateral (
      select ${articles.id} as id from ${articles}
      where ${articles.categoryId} = ${categories.id} and ${articles.isPublished} ${inEdition}
      order by ${articles.publishedAt} desc, ${articles.id} desc
      limit ${perCategory}
    ) as newest
  )`;
  const rows = await selectSummaries(db, edition?.language ?? "en")
    .where(inArray(articles.id, newestOfEach))
    .orderBy(asc(articles.categoryId), desc(articles.publishedAt), desc(articles.id));
  const byCategory = new Map<number, ArticleSummary[]>();
  for (const summary of rows.map(toSummary)) {
    if (summary.category_id === null) continue;
    const list = byCategory.get(summary.category_id) ?? [];
    list.push(summary);
    byCategory.set(summary.category_id, list);
  }
  return byCategory;
}

async function findRow(db: Executor, actor: Actor | null, slug: string, names: Language) {
  const [row] = await selectWithContent(db, names).where(eq(articles.slug, slug.normalize("NFC")));
  // An unpublished article does not exist for anyone who may not see it (app/lib/roles.ts).
  if (!row || (!row.isPublished && !seesUnpublished(actor, row))) throw new AppError(404, "articleNotFound");
  return row;
}

/**
 * The editor's picks as the article's own edition shows them: a pick is replaced by the version of
 * its story that edition lists, where it lists one.
 */
async function picksInLanguage(db: Executor, relatedIds: number[], language: Language): Promise<number[]> {
  if (relatedIds.length === 0) return [];
  const rows = await db
    .select({ picked: articles.id, shown: sql<number>`coalesce(${versions.id}, ${articles.id})` })
    .from(articles)
    .leftJoin(versions, and(eq(versions.storyId, articles.storyId), inEditionSql(versions, language)))
    .where(inArray(articles.id, relatedIds));
  const shown = new Map(rows.map((r) => [r.picked, r.shown]));
  return [...new Set(relatedIds.flatMap((id) => shown.get(id) ?? []))];
}

async function relatedSummaries(db: Executor, row: SummaryRow, itself: number[], relatedIds: number[], names: Language): Promise<ArticleSummary[]> {
  // The story itself, in another language, is no related story.
  const ids = (await picksInLanguage(db, relatedIds, row.language)).filter((id) => !itself.includes(id));
  const chosen = ids.length ? await selectSummaries(db, names).where(and(inArray(articles.id, ids), eq(articles.isPublished, true))) : [];
  chosen.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  // Fewer than three chosen by the editor: fill with the latest from the same category, in the article's edition.
  if (chosen.length < RELATED_MAX && row.categoryId !== null) {
    const categoryId = row.categoryId;
    const exclude = [...itself, ...chosen.map((r) => r.id)];
    const more = await selectSummaries(db, names)
      .where(
        and(
          eq(articles.categoryId, categoryId),
          eq(articles.isPublished, true),
          sql`${articles.id} not in ${exclude}`,
          shownInEdition(editionOf(row.language)),
        ),
      )
      .orderBy(desc(articles.publishedAt))
      .limit(RELATED_MAX - chosen.length);
    chosen.push(...more);
  }
  return chosen.slice(0, RELATED_MAX).map(toSummary);
}

/** The version a reader of `language` goes to next: the first of its preference (ArticleDetail's `translation`). */
function nextVersion(language: Language, others: { id: number; slug: string; title: string; language: Language }[]): ArticleDetail["translation"] {
  for (const preferred of textPreference(language)) {
    const version = others.find((other) => other.language === preferred);
    if (version) return { id: version.id, slug: version.slug, title: version.title, language: version.language };
  }
  return null;
}

/** `names`: the reader's language (the page's, the client's), which its section, writer and tags are named in. */
export async function getArticle(db: Executor, actor: Actor | null, slug: string, names: Language): Promise<ArticleDetail> {
  const row = await findRow(db, actor, slug, names);
  const [media, relatedRows, commentList, others, notes, bodyVariants] = await Promise.all([
    db
      .select({ media: articleMedia, variants: mediaVariants.widths })
      .from(articleMedia)
      .leftJoin(mediaVariants, eq(mediaVariants.url, articleMedia.url))
      .where(eq(articleMedia.articleId, row.id))
      .orderBy(asc(articleMedia.position)),
    db
      .select({ id: relatedArticles.relatedId })
      .from(relatedArticles)
      .where(eq(relatedArticles.articleId, row.id))
      .orderBy(asc(relatedArticles.position)),
    approvedCommentsOf(db, row.id),
    db
      .select({ id: articles.id, slug: articles.slug, title: articles.title, language: articles.language, isPublished: articles.isPublished, authorId: articles.authorId })
      .from(articles)
      .where(and(eq(articles.storyId, row.storyId), ne(articles.id, row.id)))
      .then((rows) => inLanguageOrder(rows.filter((version) => version.isPublished || seesUnpublished(actor, version)))),
    notesOf(db, [row.id]),
    modernVariantWidths(db, bodyImageUploads(rewriteUploadSources(row.content))),
  ]);
  const relatedIds = relatedRows.map((r) => r.id);
  return {
    ...toSummary(row),
    content: row.content,
    content_image_variants: Object.fromEntries(bodyVariants),
    media: media.map(({ media: m, variants }) => ({
      url: m.url,
      caption: m.caption,
      position: m.position,
      kind: m.kind,
      media_type: m.mediaType,
      width: m.width,
      height: m.height,
      variants,
    })),
    related: await relatedSummaries(db, row, [row.id, ...others.map((version) => version.id)], relatedIds, names),
    related_news_ids: relatedIds,
    comments: commentList,
    translation: nextVersion(row.language, others),
    translations: others.map(({ id, slug, title, language, isPublished }) => ({ id, slug, title, language, is_published: isPublished })),
    notes: notes.get(row.id) ?? [],
    scheduled_at: row.scheduledAt?.toISOString() ?? null,
    live: liveCoverage(row),
  };
}

/** Where these articles stand on their way out (issue 15): the back office's list marks them. */
export async function workflowOf(db: Executor, articleIds: number[]): Promise<Map<number, { in_review: boolean; scheduled_at: string | null }>> {
  if (articleIds.length === 0) return new Map();
  const rows = await db
    .select({ id: articles.id, submittedAt: articles.submittedAt, scheduledAt: articles.scheduledAt })
    .from(articles)
    .where(inArray(articles.id, articleIds));
  return new Map(rows.map((row) => [row.id, { in_review: row.submittedAt !== null, scheduled_at: row.scheduledAt?.toISOString() ?? null }]));
}

/** How many stories wait for an editor (in review) and for their time (scheduled): the dashboard's queues. */
export async function workflowCounts(db: Executor): Promise<{ inReview: number; scheduled: number }> {
  const [row] = await db
    .select({
      inReview: sql<number>`count(*) filter (where ${articles.submittedAt} is not null and not ${articles.isPublished})`.mapWith(Number),
      scheduled: sql<number>`count(*) filter (where ${articles.scheduledAt} is not null)`.mapWith(Number),
    })
    .from(articles);
  return { inReview: row?.inReview ?? 0, scheduled: row?.scheduled ?? 0 };
}
