/**
 * The permission matrix (SPEC 6, DESIGN "Sessions and permissions"): every endpoint of app/routes.ts,
 * with every method its module supports, called as a guest, a signed-in reader and an admin.
 * Each row names the exact status per role and, for refusals, the exact error a client reads.
 * Rows that change something get a fresh fixture per role, so one role's success cannot turn another
 * role's refusal into a 404, and refused rows check that nothing changed.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { TEST_ADMIN } from "../support/server";
import { type ApiResponse, asAdmin, call, newReader, uniqueEmail } from "./client";
import { createArticle, createCategory, createTag, createWriter } from "./fixtures";

type Role = "guest" | "user" | "admin";
type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
const ROLES: Role[] = ["guest", "user", "admin"];

interface Outcome {
  status: number;
  /** The `error` field the client must read and its stable `code`; checked whenever given. */
  error?: string;
  code?: string;
}

const status = (code: number, error?: string, errorCode?: string): Outcome => ({ status: code, error, code: errorCode });
const everyone = (outcome: Outcome): Record<Role, Outcome> => ({ guest: outcome, user: outcome, admin: outcome });
/** Back-office calls: guests are asked to log in, readers are told it is admin-only. */
const adminOnly = (success: number): Record<Role, Outcome> => ({
  guest: status(401, en.loginRequiredAdmin, "login_required_admin"),
  user: status(403, en.adminRequired, "admin_required"),
  admin: status(success),
});
/** Calls that need any account (commenting, bookmarking, own profile). */
const signedIn = (user: Outcome, admin: Outcome = user): Record<Role, Outcome> => ({
  guest: status(401, en.signInRequired, "sign_in_required"),
  user,
  admin,
});

// A valid 1×1 PNG, for the upload row.
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

let seq = 0;
const unique = (label: string) => `${label} ${process.pid}-${Date.now().toString(36)}-${(seq += 1)}`;

interface Fixtures {
  userToken: string;
  userId: number;
  commenterToken: string;
  writerId: number;
  published: { id: number; slug: string; title: string };
  draft: { id: number; slug: string; title: string };
  approvedComment: number;
  pendingComment: number;
  /** Approved, but on a draft article: still not public. */
  approvedOnDraft: number;
  category: { id: number };
  tag: { id: number };
}
let fx!: Fixtures;

async function login(email: string, password: string): Promise<string> {
  const res = await call("/api/admin/login", { method: "POST", json: { username: email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

async function postComment(articleId: number, token: string, content = unique("A comment")): Promise<number> {
  const res = await call(`/api/news/${articleId}/comments`, { method: "POST", token, json: { content } });
  if (res.status !== 201) throw new Error(`comment: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

async function approve(commentId: number): Promise<void> {
  const res = await call(`/api/comments/${commentId}/approve`, { method: "PUT", token: await asAdmin() });
  if (res.status !== 200) throw new Error(`approve: ${res.status} ${JSON.stringify(res.body)}`);
}

/** The token a role sends; `fresh` gives a new session (for rows that end it). */
async function tokenFor(role: Role, fresh = false): Promise<string | null> {
  if (role === "guest") return null;
  if (role === "admin") return fresh ? login(TEST_ADMIN.email, TEST_ADMIN.password) : asAdmin();
  return fresh ? (await newReader()).token : fx.userToken;
}

/** What a row's `fresh` step may return; `token` (when present) replaces the role's usual token. */
type Fresh = Record<string, any> & { token?: string | null };

interface Row {
  method: Method;
  /** The route as app/routes.ts names it, plus what the row exercises. */
  route: string;
  fresh?: (role: Role) => Promise<Fresh>;
  path: (f: Fresh, role: Role) => string;
  body?: (f: Fresh, role: Role) => unknown;
  form?: (f: Fresh, role: Role) => FormData;
  expected: Partial<Record<Role, Outcome>>;
  /** Runs after the call: `allowed` tells whether the role's call succeeded. */
  verify?: (f: Fresh, role: Role, allowed: boolean, res: ApiResponse) => Promise<void>;
}

async function adminGet(path: string): Promise<ApiResponse> {
  return call(path, { token: await asAdmin() });
}

const rows: Row[] = [
  // Health
  { method: "GET", route: "/api/health", path: () => "/api/health", expected: everyone(status(200)) },

  // Sign-in, registration, sign-out: open to anyone
  {
    method: "POST",
    route: "/api/admin/login",
    fresh: async () => {
      const reader = await newReader();
      return { email: reader.user.email };
    },
    path: () => "/api/admin/login",
    body: (f) => ({ username: f.email, password: "reader-password-1" }),
    expected: everyone(status(200)),
  },
  {
    method: "POST",
    route: "/api/users/register",
    path: () => "/api/users/register",
    body: () => ({ name: "Matrix Reader", email: uniqueEmail("matrix"), password: "reader-password-1" }),
    expected: everyone(status(201)),
  },
  {
    method: "POST",
    route: "/api/users/logout",
    fresh: async (role) => ({ token: await tokenFor(role, true) }),
    path: () => "/api/users/logout",
    expected: everyone(status(200)),
    verify: async (f, role) => {
      if (role === "guest") return;
      const me = await call("/api/users/me", { token: f.token });
      expect(me.status).toBe(401);
    },
  },

  // The signed-in user
  {
    method: "GET",
    route: "/api/session",
    path: () => "/api/session",
    expected: everyone(status(200)),
  },
  {
    method: "GET",
    route: "/api/users/me",
    path: () => "/api/users/me",
    expected: signedIn(status(200)),
  },
  {
    method: "GET",
    route: "/api/users/me/bookmarks",
    path: () => "/api/users/me/bookmarks",
    expected: signedIn(status(200)),
  },
  {
    method: "POST",
    route: "/api/users/me/bookmarks/:articleId (published)",
    fresh: async (role) => ({ token: await tokenFor(role, true) }),
    path: () => `/api/users/me/bookmarks/${fx.published.id}`,
    expected: signedIn(status(200)),
    verify: async (f, _role, allowed, res) => {
      if (!allowed) return;
      expect(res.body).toEqual({ bookmarked: true });
      const me = await call("/api/users/me", { token: f.token });
      expect(me.body.bookmarks).toEqual([String(fx.published.id)]);
    },
  },
  {
    method: "POST",
    route: "/api/users/me/bookmarks/:articleId (draft)",
    fresh: async (role) => ({ token: await tokenFor(role, true) }),
    path: () => `/api/users/me/bookmarks/${fx.draft.id}`,
    expected: signedIn(status(404, en.articleNotFound, "article_not_found"), status(200)),
    verify: async (f, role) => {
      if (role !== "user") return;
      const me = await call("/api/users/me", { token: f.token });
      expect(me.body.bookmarks).toEqual([]);
    },
  },

  // Users (admin area; a reader may edit only their own account)
  { method: "GET", route: "/api/users", path: () => "/api/users", expected: adminOnly(200) },
  {
    method: "PUT",
    route: "/api/users/:id (another account)",
    fresh: async () => {
      const victim = await newReader();
      return { victim: victim.user, victimToken: victim.token, name: unique("Renamed") };
    },
    path: (f) => `/api/users/${f.victim.id}`,
    body: (f) => ({ name: f.name }),
    expected: {
      guest: status(401, en.signInRequired, "sign_in_required"),
      user: status(403, en.forbidden, "forbidden"),
      admin: status(200),
    },
    verify: async (f, _role, allowed) => {
      const me = await call("/api/users/me", { token: f.victimToken });
      expect(me.body.name).toBe(allowed ? f.name : f.victim.name);
    },
  },
  {
    method: "PUT",
    route: "/api/users/:id (own account, same name)",
    fresh: async (role) => {
      const token = await tokenFor(role);
      const me = await call("/api/users/me", { token });
      return { me: me.body };
    },
    path: (f) => `/api/users/${f.me.id}`,
    body: (f) => ({ name: f.me.name }),
    expected: { user: status(200), admin: status(200) },
  },
  {
    method: "DELETE",
    route: "/api/users/:id",
    fresh: async () => ({ victim: (await newReader()).user }),
    path: (f) => `/api/users/${f.victim.id}`,
    expected: adminOnly(200),
    verify: async (f, _role, allowed) => {
      const list = await adminGet("/api/users");
      expect(list.body.some((u: { id: number }) => u.id === f.victim.id)).toBe(!allowed);
    },
  },

  // Articles
  { method: "GET", route: "/api/news", path: () => "/api/news", expected: everyone(status(200)) },
  {
    method: "POST",
    route: "/api/news",
    fresh: async (role) => ({ title: unique(`Matrix article by ${role}`) }),
    path: () => "/api/news",
    body: (f) => ({ title: f.title, content: "<p>Body.</p>", writer_id: fx.writerId, is_published: "false" }),
    expected: adminOnly(201),
    verify: async (f, _role, allowed) => {
      const found = await adminGet(`/api/news?status=all&search=${encodeURIComponent(f.title)}`);
      // Search also offers similar titles (its trigram fallback): look for this exact one.
      expect(found.body.articles.filter((a: { title: string }) => a.title === f.title)).toHaveLength(allowed ? 1 : 0);
    },
  },
  {
    method: "GET",
    route: "/api/news/:slug (published)",
    path: () => `/api/news/${fx.published.slug}`,
    expected: everyone(status(200)),
  },
  {
    method: "GET",
    route: "/api/news/:slug (draft)",
    path: () => `/api/news/${fx.draft.slug}`,
    expected: {
      guest: status(404, en.articleNotFound, "article_not_found"),
      user: status(404, en.articleNotFound, "article_not_found"),
      admin: status(200),
    },
  },
  {
    method: "PUT",
    route: "/api/news/:slug",
    fresh: async () => ({ article: await createArticle({ writer_id: fx.writerId }), title: unique("Edited title") }),
    path: (f) => `/api/news/${f.article.slug}`,
    body: (f) => ({ title: f.title }),
    expected: adminOnly(200),
    verify: async (f, _role, allowed) => {
      const article = await adminGet(`/api/news/${f.article.slug}`);
      expect(article.body.title).toBe(allowed ? f.title : f.article.title);
    },
  },
  {
    method: "DELETE",
    route: "/api/news/:slug",
    fresh: async () => ({ article: await createArticle({ writer_id: fx.writerId }) }),
    path: (f) => `/api/news/${f.article.slug}`,
    expected: adminOnly(200),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/news/${f.article.slug}`)).status).toBe(allowed ? 404 : 200);
    },
  },
  {
    method: "POST",
    route: "/api/news/:slug/translation",
    fresh: async () => ({ article: await createArticle({ writer_id: fx.writerId }) }),
    path: (f) => `/api/news/${f.article.slug}/translation`,
    expected: adminOnly(201),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/news/${f.article.slug}`)).body.translation !== null).toBe(allowed);
    },
  },

  // Comments of an article
  {
    method: "GET",
    route: "/api/news/:id/comments (published)",
    path: () => `/api/news/${fx.published.id}/comments`,
    expected: everyone(status(200)),
  },
  {
    method: "GET",
    route: "/api/news/:id/comments (draft)",
    path: () => `/api/news/${fx.draft.id}/comments`,
    expected: {
      guest: status(404, en.articleNotFound, "article_not_found"),
      user: status(404, en.articleNotFound, "article_not_found"),
      admin: status(200),
    },
  },
  {
    method: "POST",
    route: "/api/news/:id/comments (published)",
    path: () => `/api/news/${fx.published.id}/comments`,
    body: () => ({ content: "A matrix comment." }),
    expected: signedIn(status(201)),
    verify: async (_f, _role, allowed, res) => {
      if (!allowed) return;
      // A new comment awaits approval, and is not public until then.
      expect(res.body.is_approved).toBe(false);
      expect((await call(`/api/comments/${res.body.id}`)).status).toBe(404);
    },
  },
  {
    method: "POST",
    route: "/api/news/:id/comments (draft)",
    path: () => `/api/news/${fx.draft.id}/comments`,
    body: () => ({ content: "A comment on a draft." }),
    expected: signedIn(status(404, en.articleNotFound, "article_not_found"), status(201)),
  },

  // Comments
  { method: "GET", route: "/api/comments", path: () => "/api/comments", expected: everyone(status(200)) },
  {
    method: "GET",
    route: "/api/comments/:id (approved)",
    path: () => `/api/comments/${fx.approvedComment}`,
    expected: everyone(status(200)),
  },
  {
    method: "GET",
    route: "/api/comments/:id (pending)",
    path: () => `/api/comments/${fx.pendingComment}`,
    expected: {
      guest: status(404, en.commentNotFound, "comment_not_found"),
      user: status(404, en.commentNotFound, "comment_not_found"),
      admin: status(200),
    },
  },
  {
    method: "GET",
    route: "/api/comments/:id (approved, on a draft)",
    path: () => `/api/comments/${fx.approvedOnDraft}`,
    expected: {
      guest: status(404, en.commentNotFound, "comment_not_found"),
      user: status(404, en.commentNotFound, "comment_not_found"),
      admin: status(200),
    },
  },
  {
    method: "DELETE",
    route: "/api/comments/:id",
    fresh: async () => ({ comment: await postComment(fx.published.id, fx.commenterToken) }),
    path: (f) => `/api/comments/${f.comment}`,
    expected: adminOnly(200),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/comments/${f.comment}`)).status).toBe(allowed ? 404 : 200);
    },
  },
  {
    method: "PUT",
    route: "/api/comments/:id/approve",
    fresh: async () => ({ comment: await postComment(fx.published.id, fx.commenterToken) }),
    path: (f) => `/api/comments/${f.comment}/approve`,
    expected: adminOnly(200),
    verify: async (f, _role, allowed) => {
      expect((await adminGet(`/api/comments/${f.comment}`)).body.is_approved).toBe(allowed);
      expect((await call(`/api/comments/${f.comment}`)).status).toBe(allowed ? 200 : 404);
    },
  },

  // Categories
  { method: "GET", route: "/api/categories", path: () => "/api/categories", expected: everyone(status(200)) },
  {
    method: "POST",
    route: "/api/categories",
    fresh: async (role) => ({ name: unique(`Matrix category ${role}`) }),
    path: () => "/api/categories",
    body: (f) => ({ name: f.name }),
    expected: adminOnly(201),
    verify: async (f, _role, allowed) => {
      const list = await call("/api/categories");
      expect(list.body.some((c: { name: string }) => c.name === f.name)).toBe(allowed);
    },
  },
  {
    method: "GET",
    route: "/api/categories/:id",
    path: () => `/api/categories/${fx.category.id}`,
    expected: everyone(status(200)),
  },
  {
    method: "PUT",
    route: "/api/categories/:id",
    fresh: async () => ({ category: await createCategory(), name: unique("Renamed category") }),
    path: (f) => `/api/categories/${f.category.id}`,
    body: (f) => ({ name: f.name }),
    expected: adminOnly(200),
    verify: async (f, _role, allowed) => {
      const category = await call(`/api/categories/${f.category.id}`);
      expect(category.body.name).toBe(allowed ? f.name : f.category.name);
    },
  },
  {
    method: "DELETE",
    route: "/api/categories/:id",
    fresh: async () => ({ category: await createCategory() }),
    path: (f) => `/api/categories/${f.category.id}`,
    expected: adminOnly(200),
    verify: async (f, _role, allowed) => {
      expect((await call(`/api/categories/${f.category.id}`)).status).toBe(allowed ? 404 : 200);
    },
  },

  // Tags
  { method: "GET", route: "/api/tags", path: () => "/api/tags", expected: everyone(status(200)) },
  {
    method: "POST",
    route: "/api/tags",
    fresh: async (role) => ({ name: unique(`Matrix tag ${role}`) }),
    path: () => "/api/tags",
    body: (f) => ({ name: f.name }),
    expected: adminOnly(201),
    verify: async (f, _role, allowed) => {
      const list = await call("/api/tags");
      expect(list.body.some((t: { name: string }) => t.name === f.name)).toBe(allowed);
    },
  },
  { method: "GET", route: "/api/tags/:id", path: () => `/api/tags/${fx.tag.id}`, expected: everyone(status(200)) },
  {
    method: "PUT",
    route: "/api/tags/:id",
    fresh: async () => ({ tag: await createTag(), name: unique("Renamed tag") }),
    path: (f) => `/api/tags/${f.tag.id}`,
    body: (f) => ({ name: f.name }),
    expected: adminOnly(200),
    verify: async (f, _role, allowed) => {
      expect((await call(`/api/tags/${f.tag.id}`)).body.name).toBe(allowed ? f.name : f.tag.name);
    },
  },
  {
    method: "DELETE",
    route: "/api/tags/:id",
    fresh: async () => ({ tag: await createTag() }),
    path: (f) => `/api/tags/${f.tag.id}`,
    expected: adminOnly(200),
    verify: async (f, _role, allowed) => {
      expect((await call(`/api/tags/${f.tag.id}`)).status).toBe(allowed ? 404 : 200);
    },
  },

  // Writers
  { method: "GET", route: "/api/writers", path: () => "/api/writers", expected: everyone(status(200)) },
  {
    method: "POST",
    route: "/api/writers",
    fresh: async (role) => ({ name: unique(`Matrix writer ${role}`) }),
    path: () => "/api/writers",
    body: (f) => ({ name: f.name, email: uniqueEmail("writer"), bio: "Covers courts." }),
    expected: adminOnly(201),
    verify: async (f, _role, allowed) => {
      const list = await call("/api/writers");
      expect(list.body.some((w: { name: string }) => w.name === f.name)).toBe(allowed);
    },
  },
  {
    method: "GET",
    route: "/api/writers/:id",
    path: () => `/api/writers/${fx.writerId}`,
    expected: everyone(status(200)),
  },
  {
    method: "PUT",
    route: "/api/writers/:id",
    fresh: async () => ({ writer: await createWriter(), name: unique("Renamed writer") }),
    path: (f) => `/api/writers/${f.writer.id}`,
    body: (f) => ({ name: f.name, email: f.writer.email, bio: f.writer.bio }),
    expected: adminOnly(200),
    verify: async (f, _role, allowed) => {
      expect((await call(`/api/writers/${f.writer.id}`)).body.name).toBe(allowed ? f.name : f.writer.name);
    },
  },
  {
    method: "DELETE",
    route: "/api/writers/:id",
    fresh: async () => ({ writer: await createWriter() }),
    path: (f) => `/api/writers/${f.writer.id}`,
    expected: adminOnly(200),
    verify: async (f, _role, allowed) => {
      expect((await call(`/api/writers/${f.writer.id}`)).status).toBe(allowed ? 404 : 200);
    },
  },

  // Upload
  {
    method: "POST",
    route: "/api/upload",
    path: () => "/api/upload",
    form: () => {
      const form = new FormData();
      form.set("media", new File([PNG_1X1], "pixel.png", { type: "image/png" }));
      return form;
    },
    expected: adminOnly(201),
    verify: async (_f, _role, allowed, res) => {
      if (allowed) expect(res.body.url).toMatch(/^\/uploads\//);
    },
  },

  // Newsletter
  {
    method: "POST",
    route: "/api/newsletter",
    path: () => "/api/newsletter",
    body: () => ({ email: uniqueEmail("subscriber") }),
    expected: everyone(status(201)),
  },

  // Anything else under /api is a JSON 404
  {
    method: "GET",
    route: "/api/* (unknown)",
    path: () => "/api/no-such-endpoint",
    expected: everyone(status(404, en.notFound, "not_found")),
  },
  {
    method: "POST",
    route: "/api/* (unknown)",
    path: () => "/api/no-such-endpoint",
    body: () => ({}),
    expected: everyone(status(404, en.notFound, "not_found")),
  },

];

beforeAll(async () => {
  const reader = await newReader();
  const commenter = await newReader();
  const writer = await createWriter();
  const published = await createArticle({ writer_id: writer.id, title: unique("Published matrix article") });
  const draft = await createArticle({ writer_id: writer.id, title: unique("Draft matrix article"), is_published: "false" });
  const approvedComment = await postComment(published.id, commenter.token, "An approved comment.");
  await approve(approvedComment);
  const pendingComment = await postComment(published.id, commenter.token, "A pending comment.");
  const approvedOnDraft = await postComment(draft.id, await asAdmin(), "Approved, on a draft.");
  await approve(approvedOnDraft);
  fx = {
    userToken: reader.token,
    userId: reader.user.id,
    commenterToken: commenter.token,
    writerId: writer.id,
    published: { id: published.id, slug: published.slug, title: published.title },
    draft: { id: draft.id, slug: draft.slug, title: draft.title },
    approvedComment,
    pendingComment,
    approvedOnDraft,
    category: await createCategory(),
    tag: await createTag(),
  };
});

const cases = rows.flatMap((row) =>
  ROLES.filter((role) => row.expected[role]).map((role) => ({ row, role, label: `${row.method} ${row.route}` })),
);

describe("permission matrix", () => {
  it("has rows for every API route of app/routes.ts", () => {
    const source = readFileSync(new URL("../../app/routes.ts", import.meta.url), "utf8");
    const apiRoutes = [...source.matchAll(/route\("([^"]+)", "routes\/api\//g)].map((m) => `/api/${m[1]}`);
    expect(apiRoutes.length).toBeGreaterThan(20);
    const covered = new Set(rows.map((r) => r.route.split(" ")[0]));
    for (const route of apiRoutes) expect(covered, route).toContain(route);
  });

  for (const { row, role, label } of cases) it(`${label} as ${role}`, async () => {
    const expected = row.expected[role]!;
    const f: Fresh = row.fresh ? await row.fresh(role) : {};
    const token = "token" in f ? f.token : await tokenFor(role);
    const res = await call(row.path(f, role), {
      method: row.method,
      token,
      json: row.body?.(f, role),
      form: row.form?.(f, role),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(expected.status);
    if (expected.error !== undefined) expect(res.body).toEqual({ error: expected.error, code: expected.code });
    const allowed = res.status >= 200 && res.status < 300;
    await row.verify?.(f, role, allowed, res);
  });
});

describe("drafts and pending comments stay hidden from everyone but admins", () => {
  const listQueries = () => [
    "/api/news",
    "/api/news?limit=100",
    "/api/news?status=draft&limit=100",
    "/api/news?status=all&limit=100",
    `/api/news?search=${encodeURIComponent(fx.draft.title)}`,
    `/api/news?status=draft&search=${encodeURIComponent(fx.draft.title)}`,
  ];

  it.each(["guest", "user"] as const)("%s: GET /api/news never lists a draft", async (role) => {
    const token = await tokenFor(role);
    for (const path of listQueries()) {
      const res = await call(path, { token });
      expect(res.status, path).toBe(200);
      const ids = res.body.articles.map((a: { id: number }) => a.id);
      expect(ids, path).not.toContain(fx.draft.id);
      for (const article of res.body.articles) expect(article.is_published, path).toBe(true);
    }
    // The same search does find a published article: the lists above are not empty by accident.
    const found = await call(`/api/news?search=${encodeURIComponent(fx.published.title)}`, { token });
    expect(found.body.articles.map((a: { id: number }) => a.id)).toEqual([fx.published.id]);
  });

  it("admin: GET /api/news lists the draft", async () => {
    const token = await asAdmin();
    const all = await call(`/api/news?search=${encodeURIComponent(fx.draft.title)}`, { token });
    expect(all.body.articles.map((a: { id: number }) => a.id)).toEqual([fx.draft.id]);
    const drafts = await call(`/api/news?status=draft&search=${encodeURIComponent(fx.draft.title)}`, { token });
    expect(drafts.body.articles.map((a: { id: number }) => a.id)).toEqual([fx.draft.id]);
    expect(drafts.body.articles[0].is_published).toBe(false);
  });

  it.each(["guest", "user"] as const)("%s: comment lists hold approved comments on published articles only", async (role) => {
    const token = await tokenFor(role);
    for (const path of ["/api/comments", `/api/news/${fx.published.id}/comments`]) {
      const res = await call(path, { token });
      expect(res.status, path).toBe(200);
      const ids = res.body.map((c: { id: number }) => c.id);
      expect(ids, path).toContain(fx.approvedComment);
      expect(ids, path).not.toContain(fx.pendingComment);
      expect(ids, path).not.toContain(fx.approvedOnDraft);
      for (const comment of res.body) expect(comment.is_approved, path).toBe(true);
    }
    const article = await call(`/api/news/${fx.published.slug}`, { token });
    const shown = article.body.comments.map((c: { id: number }) => c.id);
    expect(shown).toContain(fx.approvedComment);
    expect(shown).not.toContain(fx.pendingComment);
  });

  it("admin: the comment list holds pending and approved comments", async () => {
    const token = await asAdmin();
    const all = await call("/api/comments", { token });
    const ids = all.body.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([fx.approvedComment, fx.pendingComment, fx.approvedOnDraft]));
    const pending = all.body.find((c: { id: number }) => c.id === fx.pendingComment);
    expect(pending.is_approved).toBe(false);
    const ofArticle = await call(`/api/news/${fx.published.id}/comments`, { token });
    expect(ofArticle.body.map((c: { id: number }) => c.id)).toEqual(
      expect.arrayContaining([fx.approvedComment, fx.pendingComment]),
    );
  });
});

/**
 * A method a resource does not support: 405 with the JSON error every API error has (DESIGN
 * "Contract points") and an Allow header naming the methods it does support, whoever asks.
 */
const unsupported: { method: Method; route: string; path: () => string; allow: string }[] = [
  { method: "POST", route: "/api/health", path: () => "/api/health", allow: "GET" },
  { method: "GET", route: "/api/admin/login", path: () => "/api/admin/login", allow: "POST" },
  { method: "PUT", route: "/api/admin/login", path: () => "/api/admin/login", allow: "POST" },
  { method: "GET", route: "/api/users/register", path: () => "/api/users/register", allow: "POST" },
  { method: "DELETE", route: "/api/users/register", path: () => "/api/users/register", allow: "POST" },
  { method: "GET", route: "/api/users/logout", path: () => "/api/users/logout", allow: "POST" },
  { method: "PUT", route: "/api/users/logout", path: () => "/api/users/logout", allow: "POST" },
  { method: "POST", route: "/api/users/me", path: () => "/api/users/me", allow: "GET" },
  { method: "POST", route: "/api/session", path: () => "/api/session", allow: "GET" },
  { method: "POST", route: "/api/users/me/bookmarks", path: () => "/api/users/me/bookmarks", allow: "GET" },
  {
    method: "GET",
    route: "/api/users/me/bookmarks/:articleId",
    path: () => `/api/users/me/bookmarks/${fx.published.id}`,
    allow: "POST",
  },
  { method: "POST", route: "/api/users", path: () => "/api/users", allow: "GET" },
  { method: "GET", route: "/api/users/:id", path: () => `/api/users/${fx.userId}`, allow: "PUT, DELETE" },
  { method: "DELETE", route: "/api/news", path: () => "/api/news", allow: "GET, POST" },
  { method: "POST", route: "/api/news/:slug", path: () => `/api/news/${fx.published.slug}`, allow: "GET, PUT, DELETE" },
  { method: "PUT", route: "/api/news/:id/comments", path: () => `/api/news/${fx.published.id}/comments`, allow: "GET, POST" },
  { method: "POST", route: "/api/comments", path: () => "/api/comments", allow: "GET" },
  { method: "PUT", route: "/api/comments/:id", path: () => `/api/comments/${fx.approvedComment}`, allow: "GET, DELETE" },
  { method: "GET", route: "/api/comments/:id/approve", path: () => `/api/comments/${fx.pendingComment}/approve`, allow: "PUT" },
  { method: "PUT", route: "/api/categories", path: () => "/api/categories", allow: "GET, POST" },
  { method: "PATCH", route: "/api/categories/:id", path: () => `/api/categories/${fx.category.id}`, allow: "GET, PUT, DELETE" },
  { method: "PUT", route: "/api/tags", path: () => "/api/tags", allow: "GET, POST" },
  { method: "PATCH", route: "/api/tags/:id", path: () => `/api/tags/${fx.tag.id}`, allow: "GET, PUT, DELETE" },
  { method: "PUT", route: "/api/writers", path: () => "/api/writers", allow: "GET, POST" },
  { method: "PATCH", route: "/api/writers/:id", path: () => `/api/writers/${fx.writerId}`, allow: "GET, PUT, DELETE" },
  { method: "GET", route: "/api/upload", path: () => "/api/upload", allow: "POST" },
  { method: "GET", route: "/api/newsletter", path: () => "/api/newsletter", allow: "POST" },
];

describe("unsupported methods", () => {
  for (const row of unsupported) it(`${row.method} ${row.route} → 405 for guest, user and admin`, async () => {
    for (const role of ROLES) {
      const res = await call(row.path(), {
        method: row.method,
        token: await tokenFor(role),
        json: row.method === "GET" ? undefined : {},
      });
      expect(res.status, `${role}: ${JSON.stringify(res.body)}`).toBe(405);
      expect(res.body, role).toEqual({ error: "Method not allowed", code: "method_not_allowed" });
      expect(res.headers.get("allow"), role).toBe(row.allow);
    }
  });
});

/**
 * Someone who may not make a call is told so, whatever the body: a reader sending an empty form
 * to an admin-only endpoint gets 403, not a validation message for a form they can never submit.
 */
const refusedBeforeValidation: {
  method: Method;
  route: string;
  path: () => string | Promise<string>;
  body: unknown;
  expected: Partial<Record<Role, Outcome>>;
}[] = [
  { method: "POST", route: "/api/news", path: () => "/api/news", body: {}, expected: adminOnly(0) },
  { method: "PUT", route: "/api/news/:slug", path: () => `/api/news/${fx.published.slug}`, body: { title: "" }, expected: adminOnly(0) },
  { method: "POST", route: "/api/categories", path: () => "/api/categories", body: {}, expected: adminOnly(0) },
  { method: "PUT", route: "/api/categories/:id", path: () => `/api/categories/${fx.category.id}`, body: {}, expected: adminOnly(0) },
  { method: "POST", route: "/api/tags", path: () => "/api/tags", body: {}, expected: adminOnly(0) },
  { method: "PUT", route: "/api/tags/:id", path: () => `/api/tags/${fx.tag.id}`, body: {}, expected: adminOnly(0) },
  { method: "POST", route: "/api/writers", path: () => "/api/writers", body: {}, expected: adminOnly(0) },
  { method: "PUT", route: "/api/writers/:id", path: () => `/api/writers/${fx.writerId}`, body: {}, expected: adminOnly(0) },
  {
    method: "POST",
    route: "/api/news/:id/comments",
    path: () => `/api/news/${fx.published.id}/comments`,
    body: { content: "" },
    expected: { guest: status(401, en.signInRequired, "sign_in_required") },
  },
  {
    method: "PUT",
    route: "/api/users/:id (another account)",
    path: async () => `/api/users/${(await newReader()).user.id}`,
    body: { name: "" },
    expected: { guest: status(401, en.signInRequired, "sign_in_required"), user: status(403, en.forbidden, "forbidden") },
  },
];

describe("refusals come before validation", () => {
  for (const row of refusedBeforeValidation) it(`${row.method} ${row.route}, invalid body: refused as for a valid one`, async () => {
    for (const role of ["guest", "user"] as const) {
      const expected = row.expected[role];
      if (!expected) continue;
      const res = await call(await row.path(), { method: row.method, token: await tokenFor(role), json: row.body });
      expect({ role, status: res.status, body: res.body }).toEqual({ role, status: expected.status, body: { error: expected.error, code: expected.code } });
    }
  });
});
