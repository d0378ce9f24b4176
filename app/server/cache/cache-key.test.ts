import { describe, expect, it } from "vitest";
import { isPublicPagePath, sharedRequest } from "./cache-key";

const key = (url: string, headers: Record<string, string> = {}, method = "GET") => sharedRequest(method, url, headers)?.key ?? null;

describe("which requests share the public cache, under which key", () => {
  it("treats everything but /api, /admin and the tip line as public pages", () => {
    expect(isPublicPagePath("/")).toBe(true);
    expect(isPublicPagePath("/category/politics.data")).toBe(true);
    expect(isPublicPagePath("/api/news")).toBe(false);
    expect(isPublicPagePath("/admin/dashboard")).toBe(false);
    expect(isPublicPagePath("/ne/admin/dashboard")).toBe(false);
    expect(isPublicPagePath("/en/admin/users.data")).toBe(false);
    expect(isPublicPagePath("/ne/article/x")).toBe(true);
    expect(isPublicPagePath("/tips")).toBe(false);
    expect(isPublicPagePath("/ne/tips.data")).toBe(false);
    expect(isPublicPagePath("/tipsy-story")).toBe(true);
  });

  it("drops tracking and unknown parameters from a page's key, keeps the ones pages read, in one order", () => {
    expect(key("/article/x?utm_source=fb&utm_medium=social&fbclid=1&gclid=2&msclkid=3&ref=4")).toBe("/article/x");
    expect(key("/news?utm_source=x&page=2")).toBe("/news?page=2");
    expect(key("/search?q=%E0%A4%85&page=3")).toBe(key("/search?page=3&q=%E0%A4%85"));
    expect(key("/login?redirect=%2Fnews&utm_source=x")).toBe("/login?redirect=%2Fnews");
    // The sign-in page is rendered on the form it opens with (its island is given the mode).
    expect(key("/login?mode=signup&utm_source=x")).toBe("/login?mode=signup");
    expect(key("/news.data?_routes=routes%2Fnews&x=1")).toBe("/news.data?_routes=routes%2Fnews");
  });

  it("keeps every parameter of React Router's route manifest, which are its own", () => {
    const manifest = "/__manifest?p=%2Fadmin%2Fusers&p=%2Fnews&version=abc123";
    expect(sharedRequest("GET", manifest, {})).toEqual({ key: manifest, url: manifest, search: false });
  });

  it("tells a search from other shared requests, on pages and in the API", () => {
    const search = (url: string) => sharedRequest("GET", url, {})?.search;
    expect(search("/search?q=procurement&utm_source=x")).toBe(true);
    expect(search("/ne/search.data?q=%E0%A4%85")).toBe(true);
    expect(search("/api/news?search=procurement&limit=5")).toBe(true);
    expect(search("/api/news?limit=5")).toBe(false);
    expect(search("/news?page=2")).toBe(false);
    expect(search("/article/x?search=procurement")).toBe(false);
  });

  it("serves the application the normalised address, so what is stored is what the key names", () => {
    expect(sharedRequest("GET", "/news?page=2&utm_source=x", {})?.url).toBe("/news?page=2");
  });

  it("shares nothing personal: writes, the back office, an admin's preview", () => {
    expect(key("/news", {}, "POST")).toBeNull();
    expect(key("/admin/articles")).toBeNull();
    expect(key("/ne/admin/articles")).toBeNull();
    expect(key("/article/x?preview")).toBeNull();
    expect(key("/article/x?utm_source=a&preview=1")).toBeNull();
  });

  it("shares anonymous reads of the public API, by the language the client asks in, never a client's with credentials", () => {
    expect(key("/api/news?limit=5&utm_source=app")).toBe("/api/news?limit=5#en");
    expect(key("/api/news?limit=5", { "accept-language": "ne-NP,ne;q=0.9" })).toBe("/api/news?limit=5#ne");
    expect(key("/api/news/some-slug")).toBe("/api/news/some-slug#en");
    expect(key("/api/news/12/comments")).toBe("/api/news/12/comments#en");
    for (const path of ["/api/categories", "/api/categories/3", "/api/tags", "/api/tags/x", "/api/writers", "/api/writers/2"]) {
      expect(key(path)).toBe(`${path}#en`);
    }
    expect(key("/api/news", { authorization: "Bearer abc" })).toBeNull();
    expect(key("/api/news", { cookie: "theme=dark; session=abc" })).toBeNull();
    expect(key("/api/news", { cookie: "theme=dark" })).toBe("/api/news#en");
    for (const path of ["/api/users/me", "/api/session", "/api/comments", "/api/health", "/api/users", "/api/upload"]) {
      expect(key(path)).toBeNull();
    }
  });
});
