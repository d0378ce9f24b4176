/**
 * What a page sends its browser about the articles it lists: the fields an article card shows,
 * and no more. Loaders used to return whole API records, and React Router writes a page's loader
 * data into the HTML a second time for hydration: 40 KB of the home page's 100 were meta
 * descriptions, tags, timestamps and excerpts that no card on it shows.
 */
import type { ArticleComment, ArticleDetail, ArticleList, ArticleSummary, Category } from "./api-types";
import { shortenExcerpt } from "./text";

export type CardArticle = Pick<
  ArticleSummary,
  | "id"
  | "title"
  | "slug"
  | "language"
  | "writer_id"
  | "writer_name"
  | "category_id"
  | "category_name"
  | "published_at"
  | "image_url"
  | "image_width"
  | "image_height"
  | "image_variants"
> & {
  /** Only on cards that show it (medium and large), shortened to what they show. */
  excerpt?: string;
  snippet?: string;
  /** Present on a story whose live coverage is running (issue 39): its card carries the "Live" badge. */
  is_live?: true;
};

export interface CardOptions {
  /** Cards that show no excerpt (the small ones of side lists) leave it out. */
  excerpt?: false | { length?: number };
}

export function cardOf(article: ArticleSummary, { excerpt = {} }: CardOptions = {}): CardArticle {
  const card: CardArticle = {
    id: article.id,
    title: article.title,
    slug: article.slug,
    language: article.language,
    writer_id: article.writer_id,
    writer_name: article.writer_name,
    category_id: article.category_id,
    category_name: article.category_name,
    published_at: article.published_at,
    image_url: article.image_url,
    image_width: article.image_width,
    image_height: article.image_height,
    image_variants: article.image_variants,
  };
  if (article.live && article.live.ended_at === null) card.is_live = true;
  // A search result shows its snippet in place of the excerpt.
  if (article.snippet !== undefined) card.snippet = article.snippet;
  else if (excerpt) card.excerpt = excerpt.length === undefined ? article.excerpt : shortenExcerpt(article.excerpt, excerpt.length);
  return card;
}

export interface CardListing {
  articles: CardArticle[];
  total: number;
  page: number;
  limit: number;
}

export function listingOf(list: ArticleList, options?: CardOptions): CardListing {
  return { articles: list.articles.map((article) => cardOf(article, options)), total: list.total, page: list.page, limit: list.limit };
}

/** The article page's article: all of it, but its related stories as cards. */
export type ArticlePageArticle = Omit<ArticleDetail, "related" | "related_news_ids"> & { related: CardArticle[] };

export function articlePageOf({ related, related_news_ids: _ids, ...article }: ArticleDetail): ArticlePageArticle {
  return { ...article, related: related.map((summary) => cardOf(summary)) };
}

/** What a comment under a story shows: its story's title and address, and its approval, are the page's already. */
export type ShownComment = Pick<ArticleComment, "id" | "user_name" | "content" | "created_at">;

export const shownCommentOf = ({ id, user_name, content, created_at }: ArticleComment): ShownComment => ({ id, user_name, content, created_at });

/** What the navigation shows of a category. */
export type NavCategory = Pick<Category, "id" | "name" | "slug">;

export const navCategoryOf = ({ id, name, slug }: Category): NavCategory => ({ id, name, slug });
