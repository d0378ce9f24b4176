/** Public pages are shared and cacheable; content writes refresh them (DESIGN "Public pages are cacheable"). */
import { describe, expect, it } from "vitest";
import { asAdmin, baseUrl, call, newReader } from "./client";
import { createArticle } from "./fixtures";

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(baseUrl() + path, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe("public page cache", () => {
  it("serves the same page from cache with Cache-Control, ETag and 304", async () => {
    await page("/news");
    const second = await page("/news");
    expect(second.status).toBe(200);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("cache-control")).toMatch(/s-maxage=\d+/);
    expect(second.headers.get("cache-control")).toMatch(/stale-while-revalidate=\d+/);
    const etag = second.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const revalidated = await fetch(baseUrl() + "/news", { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
  });

  it("keeps the CSP nonce of a cached page in step with its scripts", async () => {
    await page("/");
    const cached = await page("/");
    const nonce = cached.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1]!;
    const scriptNonces = [...cached.text.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
  });

  it("shows a newly published article right after it is saved", async () => {
    await page("/");
    expect((await page("/")).headers.get("x-page-cache")).toBe("hit");
    const article = await createArticle({ title: `Cache refresh proof ${Date.now()}` });
    const after = await page("/");
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(after.text).toContain(article.title);
  });

  it("renders nothing personal: a signed-in reader gets the very same HTML", async () => {
    const reader = await newReader();
    await page("/");
    const guest = await page("/");
    const signedIn = await page("/", { cookie: `session=${reader.token}` });
    expect(signedIn.text).toBe(guest.text);
    expect(signedIn.text).not.toContain(reader.user.email);
  });

  it("never caches the API or personal answers", async () => {
    const admin = await call("/api/news?status=draft", { token: await asAdmin() });
    expect(admin.headers.get("cache-control")).toBe("private, no-store");
    const me = await call("/api/users/me", { token: (await newReader()).token });
    expect(me.headers.get("cache-control")).toBe("private, no-store");
  });
});
