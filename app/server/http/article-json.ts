/**
 * Articles as the REST API sends them (docs/api.md): the services' values, with a missing writer
 * and section named in its English defaults, whatever language the client asked for (the
 * documented contract; pages word them in the reader's language instead), and the writer again as
 * `author`.
 */
import type { ApiArticleDetail, ApiArticleList, ApiArticleSummary, ArticleDetail, ArticleList, ArticleSummary } from "~/lib/api-types";
import { en } from "~/lib/messages";

function namedOnTheWire(article: ArticleSummary) {
  const writerName = article.writer_name ?? en.unknownAuthor;
  return { writer_name: writerName, author: writerName, category_name: article.category_name ?? en.uncategorized };
}

export function apiSummary(summary: ArticleSummary): ApiArticleSummary {
  return { ...summary, ...namedOnTheWire(summary) };
}

export function apiArticle(article: ArticleDetail): ApiArticleDetail {
  return { ...article, ...namedOnTheWire(article), related: article.related.map(apiSummary) };
}

export function apiList(list: ArticleList): ApiArticleList {
  return { ...list, articles: list.articles.map(apiSummary) };
}
