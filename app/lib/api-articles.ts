/**
 * The browser's reading of the articles the REST API sends: back to the services' values, a
 * missing writer or section null (the API names them in the English of docs/api.md, server/http/article-json.ts),
 * so that a page words them in its reader's language as it does the articles it loaded itself.
 */
import type { ApiArticleDetail, ApiArticleList, ApiArticleSummary, ArticleDetail, ArticleList, ArticleSummary } from "./api-types";

function namesOf(wire: Pick<ApiArticleSummary, "writer_id" | "writer_name" | "category_id" | "category_name">) {
  return {
    writer_name: wire.writer_id === null ? null : wire.writer_name,
    category_name: wire.category_id === null ? null : wire.category_name,
  };
}

export function summaryFromApi(wire: ApiArticleSummary): ArticleSummary {
  const { author: _author, ...summary } = wire;
  return { ...summary, ...namesOf(wire) };
}

export function articleFromApi(wire: ApiArticleDetail): ArticleDetail {
  const { author: _author, ...article } = wire;
  return { ...article, ...namesOf(wire), related: wire.related.map(summaryFromApi) };
}

export function listFromApi(wire: ApiArticleList): ArticleList {
  return { ...wire, articles: wire.articles.map(summaryFromApi) };
}
