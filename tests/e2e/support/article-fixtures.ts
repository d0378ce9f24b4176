/**
 * Known data for the article, comment and bookmark journeys, set up through the API the way an
 * admin or a reader would. Tests share one server: they make their own readers and articles and
 * never change the demo content.
 */
import { type APIRequestContext, type Page, expect } from "@playwright/test";

export const E2E_ADMIN = { username: "admin@e2e.example", password: "e2e-admin-password" };

export interface Summary {
  id: number;
  title: string;
  slug: string;
  language: "ne" | "en";
  writer_id: number | null;
  writer_name: string;
  category_slug: string | null;
  category_name: string;
  meta_title: string;
  meta_description: string;
  excerpt: string;
  read_time: number;
  is_published: boolean;
  published_at: string;
  tags: { id: number; name: string; slug: string }[];
}

export interface Detail extends Summary {
  content: string;
  media: { url: string; caption: string; kind: "banner" | "content"; width: number | null; height: number | null }[];
  related: Summary[];
  comments: { id: number; user_name: string | null; content: string }[];
}

let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${counter}@e2e.example`;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A new admin session that has just proved itself again with the password (the e2e server needs no
 * second factor), so that it may also change roles, delete accounts and set the tip line's key
 * (issue 35).
 */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/admin/login", { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
  const token = (await response.json()).token as string;
  const proved = await request.post("/api/users/me/reauthenticate", { data: { password: E2E_ADMIN.password }, headers: bearer(token) });
  expect(proved.status()).toBe(200);
  return token;
}

/**
 * Articles every reader can open. `request` may hold the admin's session (adminToken signs it in),
 * and then the list has drafts and scheduled stories too: a guest gets 404 for those.
 */
export async function publishedArticles(request: APIRequestContext, limit = 40): Promise<Summary[]> {
  const response = await request.get(`/api/news?limit=${limit}`);
  const now = Date.now();
  return ((await response.json()).articles as Summary[]).filter((article) => article.is_published && Date.parse(article.published_at) <= now);
}

export async function articleDetail(request: APIRequestContext, slug: string): Promise<Detail> {
  const response = await request.get(`/api/news/${encodeURIComponent(slug)}`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** A published article of our own, for journeys that add to it (comments) and must not touch the demo's. */
export async function createArticle(request: APIRequestContext, title: string): Promise<Detail> {
  const token = await adminToken(request);
  const writers = await (await request.get("/api/writers")).json();
  const response = await request.post("/api/news", {
    headers: bearer(token),
    data: {
      title,
      content: "<p>A story written for a browser test, with enough words to be a story.</p>",
      writer_id: writers[0].id,
      is_published: "true",
    },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

/** A new reader, signed in in the page's browser context (page.request shares its cookies). */
export async function signUpInBrowser(page: Page, name = "E2E Reader"): Promise<{ id: number; email: string }> {
  const email = uniqueEmail("reader");
  const response = await page.request.post("/api/users/register", { data: { name, email, password: "reader-password-1" } });
  expect(response.status()).toBe(201);
  return { id: (await response.json()).user.id, email };
}

/** A reader who commented on `articleId` and was then deleted, leaving an approved comment without a name. */
export async function approvedCommentOfDeletedReader(request: APIRequestContext, articleId: number, content: string) {
  const registered = await request.post("/api/users/register", {
    data: { name: "Soon Gone", email: uniqueEmail("gone"), password: "reader-password-1" },
  });
  expect(registered.status()).toBe(201);
  const { token, user } = await registered.json();
  const posted = await request.post(`/api/news/${articleId}/comments`, { headers: bearer(token), data: { content } });
  expect(posted.status()).toBe(201);
  const comment = await posted.json();
  const admin = await adminToken(request);
  expect((await request.put(`/api/comments/${comment.id}/approve`, { headers: bearer(admin) })).status()).toBe(200);
  expect((await request.delete(`/api/users/${user.id}`, { headers: bearer(admin) })).status()).toBe(200);
}

export async function commentsAsAdmin(request: APIRequestContext): Promise<{ content: string; is_approved: boolean; article_id: number }[]> {
  const response = await request.get("/api/comments", { headers: bearer(await adminToken(request)) });
  return response.json();
}

export async function draftSlug(request: APIRequestContext): Promise<string> {
  const response = await request.get("/api/news?status=draft&limit=1", { headers: bearer(await adminToken(request)) });
  const [draft] = (await response.json()).articles;
  expect(draft).toBeTruthy();
  return draft.slug;
}
