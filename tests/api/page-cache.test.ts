/**
 * The public cache (docs/product.md#public-pages-are-shared, issue 11 §2 and §4), on a server of this
 * file's own: whether an answer was a hit depends on every write since, so no other test file may
 * write to it meanwhile.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plain } from "~/server/documents/test-pdfs";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";

let server: RunningServer;
let adminToken: string;

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose body arrives exactly as sent: fetch would undo the compression. */
function raw(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(server.baseUrl + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

async function api(path: string, init: { method?: string; json?: unknown; token?: string; form?: FormData } = {}) {
  const headers: Record<string, string> = { origin: server.baseUrl };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(server.baseUrl + path, {
    method: init.method ?? "GET",
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.form,
    redirect: "manual",
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text };
}

const cacheState = async (path: string) => (await raw(path)).headers["x-page-cache"];

beforeAll(async () => {
  server = await startServer({ DEMO_CONTENT: "true" });
  adminToken = (await api("/api/admin/login", { method: "POST", json: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } })).body.token;
});

afterAll(async () => {
  await server?.stop();
});

describe("a cached public page", () => {
  it("is served from the cache with Cache-Control, an ETag, 304 for a current copy, and HEAD from the same entry", async () => {
    const first = await raw("/news");
    expect(first.status).toBe(200);
    const second = await raw("/news");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.headers["cache-control"]).toMatch(/public.*s-maxage=\d+.*stale-while-revalidate=\d+/);
    expect(second.body.equals(first.body)).toBe(true);
    const etag = second.headers.etag!;
    expect(etag).toBeTruthy();

    const revalidated = await raw("/news", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);

    const head = await raw("/news", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["x-page-cache"]).toBe("hit");
    expect(head.headers.etag).toBe(etag);
    expect(Number(head.headers["content-length"])).toBe(second.body.length);
    expect(head.body.length).toBe(0);
  });

  it("is the same entry whatever tracking or unknown parameters a link adds, but not for another page number", async () => {
    const plain = await raw("/news");
    const tracked = await raw("/news?utm_source=facebook&utm_campaign=x&fbclid=abc&gclid=1&whatever=2");
    expect(tracked.headers["x-page-cache"]).toBe("hit");
    expect(tracked.headers.etag).toBe(plain.headers.etag);

    const paged = await raw("/news?page=2&utm_source=x");
    expect(paged.headers.etag).not.toBe(plain.headers.etag);
    expect((await raw("/news?utm_medium=y&page=2")).headers["x-page-cache"]).toBe("hit");
  });

  it("sends brotli or gzip, chosen by Accept-Encoding, each byte for byte the page itself", async () => {
    const plain = await raw("/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const gzip = await raw("/", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    const br = await raw("/", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(gzip.body.length);
    const refused = await raw("/", { "accept-encoding": "br;q=0, gzip" });
    expect(refused.headers["content-encoding"]).toBe("gzip");
    for (const res of [plain, gzip, br]) expect(res.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it("vouches for each of its inline scripts by hash, with no nonce that every reader would share", async () => {
    await raw("/");
    const cached = await raw("/");
    expect(cached.headers["x-page-cache"]).toBe("hit");
    const policy = cached.headers["content-security-policy"] as string;
    expect(policy).not.toMatch(/nonce-/);
    const html = cached.body.toString("utf8");
    expect(html).not.toMatch(/<script[^>]*nonce=/);
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length).toBeGreaterThan(1);
    for (const script of inline) {
      expect(policy).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
    }
  });

  it("keeps a fresh nonce on personal pages: the back office", async () => {
    const headers = { authorization: `Bearer ${adminToken}` };
    const first = await raw("/admin/dashboard", headers);
    const second = await raw("/admin/dashboard", headers);
    const nonceOf = (res: RawResponse) => (res.headers["content-security-policy"] as string).match(/'nonce-([^']+)'/)![1]!;
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    const scriptNonces = [...second.body.toString("utf8").matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonceOf(second)]));
    expect(second.headers["cache-control"]).toBe("private, no-store");
    expect(second.headers["x-page-cache"]).toBeUndefined();
  });

  it("lets a personal reader page (the tip line) run every inline script it carries, its islands' start among them", async () => {
    const page = await raw("/tips");
    const policy = page.headers["content-security-policy"] as string;
    const nonce = policy.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeDefined();
    const html = page.body.toString("utf8");
    const scripts = [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.some(([, , body]) => body!.includes("island-scripts"))).toBe(true);
    for (const [, attributes, body] of scripts) {
      const allowed = attributes!.includes(`nonce="${nonce}"`) || policy.includes(`'sha256-${createHash("sha256").update(body!).digest("base64")}'`);
      expect(allowed, body!.slice(0, 80)).toBe(true);
    }
  });

  it("is never shared for an admin's ?preview", async () => {
    const article = (await api("/api/news?limit=1")).body.articles[0];
    const path = `/article/${encodeURIComponent(article.slug)}`;
    await raw(path);
    const preview = await raw(`${path}?preview`, { authorization: `Bearer ${adminToken}` });
    expect(preview.headers["x-page-cache"]).toBeUndefined();
    expect(preview.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("what clears the cache", () => {
  it("is not cleared by sign-ins (in either language), registrations, bookmarks, new comments, newsletter sign-ups, reads, password changes or sign-outs, however addressed", async () => {
    const article = (await api("/api/news?limit=1")).body.articles[0];
    await raw("/");
    expect(await cacheState("/")).toBe("hit");

    const signIn = new FormData();
    signIn.set("email", TEST_ADMIN.email);
    signIn.set("password", TEST_ADMIN.password);
    for (const path of ["/login", "/ne/login"]) {
      expect((await api(path, { method: "POST", form: signIn })).status).toBe(302);
      expect(await cacheState("/")).toBe("hit");
    }
    const reader = await api("/api/users/register", {
      method: "POST",
      json: { name: "Cache Reader", email: `cache-${Date.now()}@test.example`, password: "reader-password-1" },
    });
    expect(reader.status).toBe(201);
    expect(await cacheState("/")).toBe("hit");
    expect((await api(`/api/users/me/bookmarks/${article.id}`, { method: "POST", token: reader.body.token })).status).toBeLessThan(300);
    expect(await cacheState("/")).toBe("hit");
    const comment = await api(`/api/news/${article.id}/comments`, { method: "POST", token: reader.body.token, json: { content: "Waiting for approval" } });
    expect(comment.status).toBe(201);
    expect(await cacheState("/")).toBe("hit");
    expect((await api("/api/newsletter", { method: "POST", json: { email: `news-${Date.now()}@test.example` } })).status).toBeLessThan(300);
    expect(await cacheState("/")).toBe("hit");
    // The router takes these spellings as the same routes: no address decides what a write changed.
    expect((await api("/API/Newsletter", { method: "POST", json: { email: `news2-${Date.now()}@test.example` } })).status).toBeLessThan(300);
    expect(await cacheState("/")).toBe("hit");
    expect((await api(`/%61pi/reads?article_id=${article.id}`, { method: "POST" })).status).toBe(204);
    expect(await cacheState("/")).toBe("hit");
    const changed = await api("/api/users/me/password", {
      method: "PUT",
      token: reader.body.token,
      json: { current_password: "reader-password-1", new_password: "tidal quiet lantern orchard 42" },
    });
    expect(changed.status).toBe(200);
    expect(await cacheState("/")).toBe("hit");
    expect((await api("/api/users/me/sessions", { method: "DELETE", token: reader.body.token })).status).toBe(200);
    expect(await cacheState("/")).toBe("hit");
    expect((await api("/API/Users/Logout", { method: "POST", token: reader.body.token })).status).toBe(200);
    expect(await cacheState("/")).toBe("hit");
  });

  it("is not cleared while an editor writes, saves and deletes drafts, and is cleared when one is published or unpublished", async () => {
    const writers = (await api("/api/writers")).body;
    const warm = async () => {
      await raw("/");
      expect(await cacheState("/")).toBe("hit");
    };
    await warm();
    const draft = await api("/api/news", {
      method: "POST",
      token: adminToken,
      json: { title: `Draft in progress ${Date.now()}`, content: "<p>First words.</p>", writer_id: writers[0].id, is_published: false },
    });
    expect(draft.status).toBe(201);
    expect(await cacheState("/")).toBe("hit");
    const saved = await api(`/api/news/${encodeURIComponent(draft.body.slug)}`, { method: "PUT", token: adminToken, json: { content: "<p>More words.</p>" } });
    expect(saved.status).toBe(200);
    expect(await cacheState("/")).toBe("hit");

    const published = await api(`/api/news/${encodeURIComponent(draft.body.slug)}`, { method: "PUT", token: adminToken, json: { is_published: true } });
    expect(published.status).toBe(200);
    const afterPublish = await raw("/");
    expect(afterPublish.headers["x-page-cache"]).toBe("miss");
    expect(afterPublish.body.toString("utf8")).toContain(draft.body.title);

    await warm();
    await api(`/api/news/${encodeURIComponent(draft.body.slug)}`, { method: "PUT", token: adminToken, json: { is_published: false } });
    const afterUnpublish = await raw("/");
    expect(afterUnpublish.headers["x-page-cache"]).toBe("miss");
    expect(afterUnpublish.body.toString("utf8")).not.toContain(draft.body.title);

    await warm();
    expect((await api(`/api/news/${encodeURIComponent(draft.body.slug)}`, { method: "DELETE", token: adminToken })).status).toBe(200);
    expect(await cacheState("/")).toBe("hit");
  });

  it("keeps the home page, listings and other stories when a published story is corrected further down; its own page, the API and search change", async () => {
    // A story longer than its excerpt: a paragraph added at its end changes no card.
    const listed = (await api("/api/news?limit=10")).body.articles as { slug: string; excerpt: string; title: string; category_slug: string }[];
    const story = listed.find((article) => article.excerpt.endsWith("…"))!;
    const other = listed.find((article) => article !== story)!;
    const own = `/article/${encodeURIComponent(story.slug)}`;
    const elsewhere = ["/", "/news", `/article/${encodeURIComponent(other.slug)}`, `/category/${story.category_slug}`];
    for (const path of [own, ...elsewhere, "/api/news?limit=5"]) await raw(path);
    const stored = (await api(`/api/news/${encodeURIComponent(story.slug)}`, { token: adminToken })).body;
    const correction = `Correction ${Date.now()}: an earlier version gave the wrong year.`;
    const saved = await api(`/api/news/${encodeURIComponent(story.slug)}`, {
      method: "PUT",
      token: adminToken,
      json: { content: `${stored.content}<p>${correction}</p>` },
    });
    expect(saved.status).toBe(200);
    for (const path of elsewhere) expect(await cacheState(path), path).toBe("hit");
    const page = await raw(own);
    expect(page.headers["x-page-cache"]).toBe("miss");
    expect(page.body.toString("utf8")).toContain(correction);
    expect(await cacheState("/api/news?limit=5")).toBe("miss");

    const retitled = await api(`/api/news/${encodeURIComponent(story.slug)}`, { method: "PUT", token: adminToken, json: { title: `${story.title} (updated)` } });
    expect(retitled.status).toBe(200);
    const home = await raw("/");
    expect(home.headers["x-page-cache"]).toBe("miss");
    expect(home.body.toString("utf8")).toContain(`${story.title} (updated)`);

    // A new banner changes the story's card: the section's list shows it on the next request, each time.
    const section = `/category/${story.category_slug}`;
    for (const change of [1, 2]) {
      await raw(section);
      expect(await cacheState(section)).toBe("hit");
      const banner = `https://example.org/banner-${change}-${Date.now()}.jpg`;
      const rebannered = await api(`/api/news/${encodeURIComponent(story.slug)}`, { method: "PUT", token: adminToken, json: { banner_url: banner } });
      expect(rebannered.status).toBe(200);
      const list = await raw(section);
      expect(list.headers["x-page-cache"], `banner change ${change}`).toBe("miss");
      expect(list.body.toString("utf8")).toContain(banner);
    }
  });

  it("keeps the home page and other stories when a moderator approves or removes a comment; the story's own page shows the change", async () => {
    const [story, other] = (await api("/api/news?limit=2")).body.articles as { id: number; slug: string }[];
    const own = `/article/${encodeURIComponent(story!.slug)}`;
    const elsewhere = ["/", "/news", `/article/${encodeURIComponent(other!.slug)}`, "/feeds/rss.xml"];
    const reader = await api("/api/users/register", {
      method: "POST",
      json: { name: "Comment Reader", email: `comment-${Date.now()}@test.example`, password: "reader-password-1" },
    });
    const post = async (content: string) =>
      (await api(`/api/news/${story!.id}/comments`, { method: "POST", token: reader.body.token, json: { content } })).body.id as number;
    const warm = async () => {
      for (const path of [own, ...elsewhere]) await raw(path);
      for (const path of [own, ...elsewhere]) expect(await cacheState(path), path).toBe("hit");
    };

    const shown = `Approved remark ${Date.now()}`;
    const approvedId = await post(shown);
    await warm();
    expect((await api(`/api/comments/${approvedId}/approve`, { method: "PUT", token: adminToken })).status).toBe(200);
    for (const path of elsewhere) expect(await cacheState(path), path).toBe("hit");
    const afterApproval = await raw(own);
    expect(afterApproval.headers["x-page-cache"]).toBe("miss");
    expect(afterApproval.body.toString("utf8")).toContain(shown);

    await warm();
    const pendingId = await post(`Never shown ${Date.now()}`);
    expect((await api(`/api/comments/${pendingId}`, { method: "DELETE", token: adminToken })).status).toBeLessThan(300);
    for (const path of [own, ...elsewhere]) expect(await cacheState(path), path).toBe("hit");

    expect((await api(`/api/comments/${approvedId}`, { method: "DELETE", token: adminToken })).status).toBeLessThan(300);
    for (const path of elsewhere) expect(await cacheState(path), path).toBe("hit");
    const afterRemoval = await raw(own);
    expect(afterRemoval.headers["x-page-cache"]).toBe("miss");
    expect(afterRemoval.body.toString("utf8")).not.toContain(shown);
  });

  it("is not cleared while a document is uploaded, prepared, attached to a story and its pages drawn, and is cleared once it is published", async () => {
    const story = (await api("/api/news?limit=1")).body.articles[0] as { id: number; slug: string };
    const storyPage = `/article/${encodeURIComponent(story.slug)}`;
    const title = `Board minutes ${Date.now()}`;
    const warm = async () => {
      for (const path of ["/", storyPage]) await raw(path);
      expect(await cacheState("/")).toBe("hit");
      expect(await cacheState(storyPage)).toBe("hit");
    };
    const jobEnded = async (id: number) => {
      for (;;) {
        const { document } = (await api(`/api/documents/${id}`, { token: adminToken })).body;
        if (document.status !== "examining" && document.status !== "publishing") return document;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await warm();

    const form = new FormData();
    // Thirty pages: their drawing outlasts the look at the cache made while it runs.
    form.set("file", new File([new Uint8Array(await plain.pages(30))], "minutes.pdf", { type: "application/pdf" }));
    form.set("title_en", title);
    const uploaded = await api("/api/documents", { method: "POST", token: adminToken, form });
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.document.id as number;
    await jobEnded(id);
    expect(await cacheState("/")).toBe("hit");
    expect((await api(`/api/documents/${id}/prepare`, { method: "POST", token: adminToken, json: { flatten: false } })).status).toBe(202);
    expect(await cacheState("/")).toBe("hit");
    await jobEnded(id);
    expect((await api(`/api/documents/${id}/articles`, { method: "PUT", token: adminToken, json: { articles: [story.id] } })).status).toBe(200);
    expect(await cacheState(storyPage)).toBe("hit");

    expect((await api(`/api/documents/${id}/publish`, { method: "POST", token: adminToken, json: {} })).status).toBe(202);
    expect(await cacheState("/")).toBe("hit");
    expect(await cacheState(storyPage)).toBe("hit");
    expect((await api(`/api/documents/${id}`, { token: adminToken })).body.document.status).toBe("publishing");

    expect(await jobEnded(id)).toMatchObject({ published_at: expect.any(String) });
    const after = await raw(storyPage);
    expect(after.headers["x-page-cache"]).toBe("miss");
    expect(after.body.toString("utf8")).toContain(title);
  });

  it("is cleared by publishing, so the new article is on the next page served", async () => {
    await raw("/");
    expect(await cacheState("/")).toBe("hit");
    const writers = (await api("/api/writers")).body;
    const title = `Cache refresh proof ${Date.now()}`;
    const created = await api("/api/news", {
      method: "POST",
      token: adminToken,
      json: { title, content: "<p>Published now.</p>", writer_id: writers[0].id, is_published: true },
    });
    expect(created.status).toBe(201);
    const after = await raw("/");
    expect(after.headers["x-page-cache"]).toBe("miss");
    expect(after.body.toString("utf8")).toContain(title);
  });
});

describe("searches", () => {
  it("are kept from their second request, so that searches asked once never push out shared pages", async () => {
    for (const path of [`/api/news?search=ledger${Date.now()}`, `/search?q=procurement+${Date.now()}`]) {
      expect(await cacheState(path), path).toBe("miss");
      expect(await cacheState(path), path).toBe("miss");
      expect(await cacheState(path), path).toBe("hit");
    }
  });
});

describe("the public API", () => {
  it("caches anonymous reads for a CDN, with an ETag and 304", async () => {
    await raw("/api/news?limit=5");
    const second = await raw("/api/news?limit=5&utm_source=app");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.headers["cache-control"]).toMatch(/^public.*s-maxage=\d+/);
    expect(second.headers.vary).toMatch(/Authorization/);
    expect(second.headers.vary).toMatch(/Cookie/);
    const revalidated = await raw("/api/news?limit=5", { "if-none-match": second.headers.etag! });
    expect(revalidated.status).toBe(304);
    for (const path of ["/api/categories", "/api/tags", "/api/writers"]) {
      await raw(path);
      expect(await cacheState(path)).toBe("hit");
    }
  });

  it("never shares what a signed-in client gets: drafts for an admin, anything under a session", async () => {
    await raw("/api/news?limit=100");
    const admin = await raw("/api/news?limit=100", { authorization: `Bearer ${adminToken}` });
    expect(admin.headers["cache-control"]).toBe("private, no-store");
    expect(admin.headers["x-page-cache"]).toBeUndefined();
    const drafts = JSON.parse(admin.body.toString("utf8")).articles.filter((a: { is_published: boolean }) => !a.is_published);
    expect(drafts.length).toBeGreaterThan(0);
    const withCookie = await raw("/api/news?limit=100", { cookie: `theme=dark; session=${adminToken}` });
    expect(withCookie.headers["x-page-cache"]).toBeUndefined();
    expect(JSON.parse(withCookie.body.toString("utf8")).total).toBe(JSON.parse(admin.body.toString("utf8")).total);
    const me = await raw("/api/users/me", { authorization: `Bearer ${adminToken}` });
    expect(me.headers["cache-control"]).toBe("private, no-store");
  });

  it("keeps an API error out of shared caches", async () => {
    const missing = await raw("/api/news/no-such-article");
    expect(missing.status).toBe(404);
    expect(missing.headers["cache-control"]).toBe("private, no-store");
  });
});
