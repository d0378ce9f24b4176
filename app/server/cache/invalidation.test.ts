import { describe, expect, it } from "vitest";
import { mutationChangesContent, staleAnswers } from "./invalidation";

describe("which writes clear the public cache", () => {
  it("counts content writes and ignores reads and failures", () => {
    expect(mutationChangesContent("POST", "/api/news", 201)).toBe(true);
    expect(mutationChangesContent("PUT", "/api/news/some-slug", 200)).toBe(true);
    expect(mutationChangesContent("PUT", "/api/comments/3/approve", 200)).toBe(true);
    expect(mutationChangesContent("DELETE", "/api/users/4", 200)).toBe(true);
    expect(mutationChangesContent("GET", "/api/news", 200)).toBe(false);
    expect(mutationChangesContent("POST", "/api/news", 400)).toBe(false);
  });

  it("ignores writes that change no public answer, in every language", () => {
    expect(mutationChangesContent("POST", "/api/admin/login", 200)).toBe(false);
    expect(mutationChangesContent("POST", "/api/users/register", 201)).toBe(false);
    expect(mutationChangesContent("POST", "/api/users/logout", 200)).toBe(false);
    expect(mutationChangesContent("POST", "/api/users/me/bookmarks/5", 200)).toBe(false);
    expect(mutationChangesContent("POST", "/api/news/5/comments", 201)).toBe(false);
    expect(mutationChangesContent("POST", "/api/newsletter", 201)).toBe(false);
    expect(mutationChangesContent("POST", "/api/upload", 201)).toBe(false);
    for (const path of ["/login", "/ne/login", "/en/login", "/ne/login.data"]) {
      expect(mutationChangesContent("POST", path, 302)).toBe(false);
    }
    expect(mutationChangesContent("POST", "/ne/loginx", 302)).toBe(true);
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
