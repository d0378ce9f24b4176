import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CachedResponse } from "./cached-response";
import { PageCache } from "./page-cache";

/** A stand-in answer of `bytes` bytes: the store only reads its size. */
const answer = (bytes = 10) => ({ status: 200, etag: `W/"${bytes}"`, bytes }) as CachedResponse;
const MB = 1024 * 1024;

describe("PageCache", () => {
  it("serves an answer with a lifetime until it ends, then forgets it and its bytes", () => {
    const cache = new PageCache(1000);
    cache.set("/", { ...answer(100), expiresAt: 5_000 } as CachedResponse);
    cache.set("/about", answer(100));
    expect(cache.get("/", 4_999)).toBeDefined();
    expect(cache.get("/", 5_000)).toBeUndefined();
    expect(cache.stale("/", 5_000)).toBeUndefined();
    expect(cache.get("/", 4_000)).toBeUndefined();
    expect(cache.storedBytes).toBe(100);
    expect(cache.get("/about", 1e15)).toBeDefined();
    expect(cache.stale("/about", 1e15)).toBeUndefined();
  });

  it("hands out an answer past its life as stale until its staleUntil, never as current, then forgets it", () => {
    const cache = new PageCache(1000);
    cache.set("/", { ...answer(100), expiresAt: 5_000, staleUntil: 10_000 } as CachedResponse);
    expect(cache.get("/", 4_999)).toBeDefined();
    expect(cache.stale("/", 4_999)).toBeUndefined();
    expect(cache.get("/", 5_000)).toBeUndefined();
    expect(cache.stale("/", 5_000)).toBeDefined();
    expect(cache.stale("/", 9_999)).toBeDefined();
    expect(cache.storedBytes).toBe(100);
    expect(cache.stale("/", 10_000)).toBeUndefined();
    expect(cache.storedBytes).toBe(0);
  });

  it("never hands out a stale answer that a write cleared", () => {
    const cache = new PageCache(1000);
    cache.set("/", { ...answer(100), expiresAt: 5_000, staleUntil: 10_000 } as CachedResponse);
    cache.clear();
    expect(cache.stale("/", 6_000)).toBeUndefined();
    cache.set("/article/a", { ...answer(100), expiresAt: 5_000, staleUntil: 10_000 } as CachedResponse);
    cache.clear({ articleComments: "a" });
    expect(cache.stale("/article/a", 6_000)).toBeUndefined();
  });

  it("evicts the least recently used answers once their bytes exceed the budget", () => {
    const cache = new PageCache(1000);
    cache.set("/a", answer(100));
    cache.set("/b", answer(100));
    cache.get("/a");
    for (const key of ["/c", "/d", "/e", "/f", "/g", "/h", "/i", "/j", "/k"]) cache.set(key, answer(100));
    expect(cache.storedBytes).toBeLessThanOrEqual(1000);
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBeDefined();
    expect(cache.get("/k")).toBeDefined();
  });

  it("counts a replaced answer once, and keeps no answer larger than an eighth of the budget", () => {
    const cache = new PageCache(8000);
    cache.set("/a", answer(500));
    cache.set("/a", answer(700));
    expect(cache.storedBytes).toBe(700);
    cache.set("/huge", answer(1001));
    expect(cache.get("/huge")).toBeUndefined();
    expect(cache.get("/a")).toBeDefined();
  });

  it("keeps nothing and makes nobody wait when its budget is 0", async () => {
    const cache = new PageCache(0);
    const finish = cache.begin("/a");
    expect(cache.pending("/a")).toBeUndefined();
    finish(answer());
    expect(cache.get("/a")).toBeUndefined();
  });

  it("invalidate clears and tells the listeners; clear does not tell", () => {
    const cache = new PageCache(MB);
    let told = 0;
    cache.onInvalidate(() => (told += 1));
    cache.set("/a", answer());
    cache.clear();
    expect(told).toBe(0);
    cache.set("/a", answer());
    cache.invalidate();
    expect(cache.size).toBe(0);
    expect(told).toBe(1);
  });

  it("lets readers who miss while a page renders wait for that one render", async () => {
    const cache = new PageCache(MB);
    expect(cache.pending("/a")).toBeUndefined();
    const finish = cache.begin("/a");
    const waiting = cache.pending("/a");
    expect(waiting).toBeDefined();
    const rendered = answer();
    finish(rendered);
    expect(await waiting).toBe(rendered);
    expect(cache.get("/a")).toBe(rendered);
    expect(cache.pending("/a")).toBeUndefined();
  });

  it("does not keep, or hand on, a page whose render began before a write cleared the cache", async () => {
    const cache = new PageCache(MB);
    const finish = cache.begin("/a");
    const waiting = cache.pending("/a");
    cache.invalidate();
    expect(cache.pending("/a")).toBeUndefined();
    finish(answer());
    expect(await waiting).toBeNull();
    expect(cache.get("/a")).toBeUndefined();
  });

  it("tells the waiting readers to render for themselves when the render is not one to keep", async () => {
    const cache = new PageCache(MB);
    const finish = cache.begin("/a");
    const waiting = cache.pending("/a");
    finish(null);
    expect(await waiting).toBeNull();
    expect(cache.get("/a")).toBeUndefined();
  });

  it("clears only what a change to one article's body makes stale, and keeps none of the renders under way", async () => {
    const cache = new PageCache(MB);
    cache.set("/", answer());
    cache.set("/article/a", answer());
    cache.set("/article/b", answer());
    const homeRender = cache.begin("/news");
    const told: unknown[] = [];
    cache.onInvalidate((change) => told.push(change));
    cache.invalidate({ articleBody: "a" });
    expect(cache.get("/article/a")).toBeUndefined();
    expect(cache.get("/")).toBeDefined();
    expect(cache.get("/article/b")).toBeDefined();
    expect(cache.storedBytes).toBe(20);
    homeRender(answer());
    expect(cache.get("/news")).toBeUndefined();
    expect(told).toEqual([{ articleBody: "a" }]);
  });

  it("counts a compressed body made after an answer was stored, and evicts to stay within budget", async () => {
    // Hex of random bytes: compression halves it, no more, so the encodings weigh something.
    const page = () => new CachedResponse(200, [], Buffer.from(randomBytes(6000).toString("hex")));
    const cache = new PageCache(100_000);
    const pages = Array.from({ length: 8 }, page);
    pages.forEach((answer, i) => cache.set(`/article/${i}`, answer));
    expect(cache.storedBytes).toBe(8 * 12_000);
    cache.get("/article/0");
    const br = await pages[0]!.encoded("br");
    expect(br.body.length).toBeGreaterThan(4000);
    expect(cache.storedBytes).toBe(7 * 12_000 + br.body.length);
    expect(cache.get("/article/1")).toBeUndefined();
    expect(cache.get("/article/0")).toBe(pages[0]);
    cache.clear();
    await pages[2]!.encoded("gzip");
    expect(cache.storedBytes).toBe(0);
  });

  it("knows a key asked for before, once: a search is kept from its second request", () => {
    const cache = new PageCache(MB);
    expect(cache.askedBefore("/search?q=a")).toBe(false);
    expect(cache.askedBefore("/search?q=b")).toBe(false);
    expect(cache.askedBefore("/search?q=a")).toBe(true);
    // Kept after that: asked again later, after an eviction, it waits for a second request again.
    expect(cache.askedBefore("/search?q=a")).toBe(false);
    expect(cache.askedBefore("/search?q=b")).toBe(true);
  });
});
