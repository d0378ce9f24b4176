import { describe, expect, it } from "vitest";
import { mutationChangesContent, staleAnswers } from "./invalidation";

describe("which writes clear the public cache", () => {
  it("counts successful writes, whatever their address, and ignores reads and failures", () => {
    expect(mutationChangesContent("POST", 201)).toBe(true);
    expect(mutationChangesContent("PUT", 200)).toBe(true);
    expect(mutationChangesContent("DELETE", 204)).toBe(true);
    expect(mutationChangesContent("POST", 302)).toBe(true);
    expect(mutationChangesContent("GET", 200)).toBe(false);
    expect(mutationChangesContent("HEAD", 200)).toBe(false);
    expect(mutationChangesContent("POST", 400)).toBe(false);
  });
});

describe("which cached answers a change makes stale", () => {
  it("all of them for a change anywhere, none for a change nowhere", () => {
    expect(staleAnswers("everything")).toBeUndefined();
    expect(staleAnswers("nothing")!("/article/x")).toBe(false);
  });

  it("for one article's body: its pages in every language and form, the API, feeds, sitemaps and search; not the listings or other articles", () => {
    const stale = staleAnswers({ articleBody: "नेपालको-बजेट" })!;
    const slug = encodeURIComponent("नेपालको-बजेट");
    for (const key of [
      `/article/${slug}`,
      `/ne/article/${slug}`,
      `/article/${slug}.data?_routes=default%2Farticle`,
      `/api/news/${slug}#en`,
      "/api/news?limit=5#ne",
      "/feeds/rss.xml",
      "/ne/feeds/category/politics/atom.xml",
      "/sitemap/articles-1.xml",
      "/ne/sitemap.xml",
      "/ne/sitemap/news.xml",
      "/search?q=budget",
      "/ne/search?q=%E0%A4%AC",
    ]) {
      expect(stale(key), key).toBe(true);
    }
    for (const key of ["/", "/ne", "/news", "/news?page=2", "/category/politics", "/article/another-story", `/article/${slug}-2`, "/tag/budget", "/writer/3"]) {
      expect(stale(key), key).toBe(false);
    }
  });

  it("for one article's comments: its pages in every language and form, and the API; nothing else", () => {
    const stale = staleAnswers({ articleComments: "नेपालको-बजेट" })!;
    const slug = encodeURIComponent("नेपालको-बजेट");
    for (const key of [`/article/${slug}`, `/ne/article/${slug}`, `/en/article/${slug}.data`, `/api/news/${slug}#ne`, "/api/comments?article_id=4#en"]) {
      expect(stale(key), key).toBe(true);
    }
    for (const key of ["/", "/ne", "/news", "/category/politics", "/article/another-story", "/feeds/rss.xml", "/sitemap/articles-1.xml", "/search?q=budget"]) {
      expect(stale(key), key).toBe(false);
    }
  });
});

describe("a stored answer's address, read as the router reads it", () => {
  it("is stale in every spelling the router takes for a stale page: case, encoding, language, data suffix, trailing slash", () => {
    const stale = staleAnswers({ articleBody: "budget-audit" })!;
    for (const key of [
      "/Article/budget-audit",
      "/ARTICLE/BUDGET-AUDIT",
      "/%61rticle/budget-audit",
      "/NE/article/budget-audit",
      "/article/budget-audit/",
      "/article/budget-audit/_.data",
      "/API/News/budget-audit#en",
      "/%61pi/news#en",
      "/Feeds/rss.xml",
      "/NE/Sitemap.xml",
      "/Search?q=x",
    ]) {
      expect(stale(key), key).toBe(true);
    }
    expect(stale("/Article/budget-audit-2")).toBe(false);
  });
});
