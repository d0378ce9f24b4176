import { describe, expect, it } from "vitest";
import { listFromApi } from "~/lib/api-articles";
import type { ArticleList, ArticleSummary } from "~/lib/api-types";
import { apiList } from "./article-json";

const summary = (changes: Partial<ArticleSummary>): ArticleSummary => ({
  id: 1,
  title: "Where the relief money went",
  slug: "relief-money",
  language: "en",
  excerpt: "",
  read_time: 1,
  writer_id: 3,
  writer_name: "Sita Sharma",
  category_id: 2,
  category_name: "राजनीति",
  category_slug: "politics",
  meta_title: "",
  meta_description: "",
  is_published: true,
  is_featured: false,
  published_at: "2026-11-01T06:00:00.000Z",
  created_at: "2026-11-01T06:00:00.000Z",
  updated_at: "2026-11-01T06:00:00.000Z",
  image_url: null,
  image_width: null,
  image_height: null,
  image_variants: null,
  tags: [],
  live: null,
  ...changes,
});

const list = (...articles: ArticleSummary[]): ArticleList => ({ articles, total: articles.length, page: 1, limit: 10 });

describe("articles on the REST API's wire", () => {
  it("name a missing writer and section in the API's English, and repeat the writer as `author`", () => {
    const orphan = summary({ id: 2, writer_id: null, writer_name: null, category_id: null, category_name: null, category_slug: null });
    expect(apiList(list(summary({}), orphan)).articles.map(({ writer_name, author, category_name }) => ({ writer_name, author, category_name }))).toEqual([
      { writer_name: "Sita Sharma", author: "Sita Sharma", category_name: "राजनीति" },
      { writer_name: "Unknown Author", author: "Unknown Author", category_name: "Uncategorized" },
    ]);
  });

  it("are read back by the browser as the services gave them, a missing name null", () => {
    const given = list(summary({}), summary({ id: 2, writer_id: null, writer_name: null, category_id: null, category_name: null, category_slug: null }));
    expect(listFromApi(JSON.parse(JSON.stringify(apiList(given))))).toEqual(given);
  });
});
