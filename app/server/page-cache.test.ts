import { describe, expect, it } from "vitest";
import { PageCache, etagOf, isPublicPagePath, mutationChangesContent } from "./page-cache";

const page = (text: string) => {
  const body = new TextEncoder().encode(text);
  return { status: 200, headers: [] as [string, string][], body, etag: etagOf(body), nonce: "n" };
};

describe("PageCache", () => {
  it("evicts the least recently used page beyond its size", () => {
    const cache = new PageCache(2);
    cache.set("/a", page("a"));
    cache.set("/b", page("b"));
    cache.get("/a");
    cache.set("/c", page("c"));
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBeDefined();
    expect(cache.get("/c")).toBeDefined();
  });

  it("invalidate clears and tells the listeners; clear does not tell", () => {
    const cache = new PageCache();
    let told = 0;
    cache.onInvalidate(() => (told += 1));
    cache.set("/a", page("a"));
    cache.clear();
    expect(told).toBe(0);
    cache.set("/a", page("a"));
    cache.invalidate();
    expect(cache.size).toBe(0);
    expect(told).toBe(1);
  });

  it("lets readers who miss while a page renders wait for that one render", async () => {
    const cache = new PageCache();
    expect(cache.pending("/a")).toBeUndefined();
    const finish = cache.begin("/a");
    const waiting = cache.pending("/a");
    expect(waiting).toBeDefined();
    const rendered = page("a");
    finish(rendered);
    expect(await waiting).toBe(rendered);
    expect(cache.get("/a")).toBe(rendered);
    expect(cache.pending("/a")).toBeUndefined();
  });

  it("does not keep, or hand on, a page whose render began before a write cleared the cache", async () => {
    const cache = new PageCache();
    const finish = cache.begin("/a");
    const waiting = cache.pending("/a");
    cache.invalidate();
    expect(cache.pending("/a")).toBeUndefined();
    finish(page("stale"));
    expect(await waiting).toBeNull();
    expect(cache.get("/a")).toBeUndefined();
  });

  it("tells the waiting readers to render for themselves when the render is not one to keep", async () => {
    const cache = new PageCache();
    const finish = cache.begin("/a");
    const waiting = cache.pending("/a");
    finish(null);
    expect(await waiting).toBeNull();
    expect(cache.get("/a")).toBeUndefined();
  });

  it("gives equal bodies equal ETags and different bodies different ones", () => {
    expect(page("x").etag).toBe(page("x").etag);
    expect(page("x").etag).not.toBe(page("y").etag);
  });
});

describe("which writes change public pages", () => {
  it("counts content writes and ignores reads, failures and personal writes", () => {
    expect(mutationChangesContent("POST", "/api/news", 201)).toBe(true);
    expect(mutationChangesContent("PUT", "/api/comments/3/approve", 200)).toBe(true);
    expect(mutationChangesContent("DELETE", "/api/users/4", 200)).toBe(true);
    expect(mutationChangesContent("GET", "/api/news", 200)).toBe(false);
    expect(mutationChangesContent("POST", "/api/news", 400)).toBe(false);
    expect(mutationChangesContent("POST", "/api/admin/login", 200)).toBe(false);
    expect(mutationChangesContent("POST", "/api/users/me/bookmarks/5", 200)).toBe(false);
    expect(mutationChangesContent("POST", "/api/newsletter", 201)).toBe(false);
    expect(mutationChangesContent("POST", "/login", 302)).toBe(false);
  });

  it("treats everything but /api and /admin as public pages", () => {
    expect(isPublicPagePath("/")).toBe(true);
    expect(isPublicPagePath("/category/politics.data")).toBe(true);
    expect(isPublicPagePath("/api/news")).toBe(false);
    expect(isPublicPagePath("/admin/dashboard")).toBe(false);
    expect(isPublicPagePath("/ne/admin/dashboard")).toBe(false);
    expect(isPublicPagePath("/en/admin/users.data")).toBe(false);
    expect(isPublicPagePath("/ne/article/x")).toBe(true);
  });
});
