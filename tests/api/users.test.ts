/**
 * Users and bookmarks (docs/product.md#what-the-site-keeps, #how-things-change, #roles-and-permissions and #the-api-in-summary): the admin's user list and edits, a reader's own account,
 * the "whole user object" bookmark update of docs/product.md#the-api-in-summary, the bookmark toggle, and the last-admin rule.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { ROLES } from "../../app/lib/limits";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { type ApiResponse, type RequestOptions, asAdmin, asFreshAdmin, call, newReader, uniqueEmail } from "./client";
import { createArticle, createWriter } from "./fixtures";

const PASSWORD = "reader-password-1";
type Reader = Awaited<ReturnType<typeof newReader>>;

const me = async (token: string) => (await call("/api/users/me", { token })).body;

function putUser(id: number, token: string | null, json: unknown): Promise<ApiResponse> {
  return call(`/api/users/${id}`, { method: "PUT", token, json });
}

async function unpublish(slug: string): Promise<void> {
  const res = await call(`/api/news/${slug}`, { method: "PUT", token: await asAdmin(), json: { is_published: "false" } });
  if (res.status !== 200 || res.body.is_published !== false) {
    throw new Error(`unpublish: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

let writerId: number;
let published: { id: number; slug: string; title: string };
let published2: { id: number; slug: string; title: string };
let draft: { id: number; slug: string };

beforeAll(async () => {
  writerId = (await createWriter()).id;
  published = await createArticle({ writer_id: writerId });
  published2 = await createArticle({ writer_id: writerId });
  draft = await createArticle({ writer_id: writerId, is_published: "false" });
});

describe("GET /api/users", () => {
  it("admin: every user as {id, name, email, role, created_at, bookmarks}, bookmarks as strings", async () => {
    const reader = await newReader();
    await call(`/api/users/me/bookmarks/${published.id}`, { method: "POST", token: reader.token });

    const res = await call("/api/users", { token: await asAdmin() });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    for (const user of res.body) {
      expect(Object.keys(user).sort()).toEqual(["bookmarks", "created_at", "email", "id", "name", "role"]);
      expect(typeof user.id).toBe("number");
      expect(typeof user.name).toBe("string");
      expect(ROLES).toContain(user.role);
      expect(new Date(user.created_at).toISOString()).toBe(user.created_at);
      for (const mark of user.bookmarks) expect(mark).toMatch(/^\d+$/);
    }
    const row = res.body.find((u: { id: number }) => u.id === reader.user.id);
    expect(row).toEqual({
      id: reader.user.id,
      name: reader.user.name,
      email: reader.user.email,
      role: "user",
      created_at: expect.any(String),
      bookmarks: [String(published.id)],
    });
    expect(res.body.find((u: { email: string }) => u.email === TEST_ADMIN.email)?.role).toBe("admin");
  });

  it("guest → 401, reader → 403", async () => {
    const guest = await call("/api/users");
    expect(guest.status).toBe(401);
    expect(guest.body).toEqual({ error: en.loginRequiredAdmin, code: "login_required_admin" });
    const reader = await call("/api/users", { token: (await newReader()).token });
    expect(reader.status).toBe(403);
    expect(reader.body).toEqual({ error: en.adminRequired, code: "admin_required" });
  });
});

describe("PUT /api/users/{id}", () => {
  it("a reader edits their own name and e-mail, and signs in with the new e-mail", async () => {
    const reader = await newReader();
    const email = uniqueEmail("renamed");
    const res = await putUser(reader.user.id, reader.token, { name: "Sita Sharma", email });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: reader.user.id, name: "Sita Sharma", email, role: "user" });
    expect(await me(reader.token)).toMatchObject({ name: "Sita Sharma", email });
    expect((await call("/api/admin/login", { method: "POST", json: { username: email, password: PASSWORD } })).status).toBe(200);
    const old = await call("/api/admin/login", { method: "POST", json: { username: reader.user.email, password: PASSWORD } });
    expect(old.status).toBe(401);
  });

  it("sending back one's own e-mail unchanged is not a conflict", async () => {
    const reader = await newReader();
    const res = await putUser(reader.user.id, reader.token, { name: "Same Mail", email: reader.user.email });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(reader.user.email);
  });

  it("invalid values → 400 with the form's message", async () => {
    const reader = await newReader();
    const blank = await putUser(reader.user.id, reader.token, { name: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ error: en.allFieldsRequired, code: "all_fields_required" });
    const badEmail = await putUser(reader.user.id, reader.token, { email: "not-an-email" });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toEqual({ error: en.emailInvalid, code: "email_invalid" });
    expect(await me(reader.token)).toMatchObject({ name: reader.user.name, email: reader.user.email });
  });

  it("a reader editing another user → 403, the other user unchanged", async () => {
    const reader = await newReader();
    const other = await newReader();
    const res = await putUser(other.user.id, reader.token, { name: "Hijacked", email: uniqueEmail("hijack") });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: en.forbidden, code: "forbidden" });
    expect(await me(other.token)).toMatchObject({ name: other.user.name, email: other.user.email });
  });

  it("a reader cannot set another user's bookmarks", async () => {
    const reader = await newReader();
    const other = await newReader();
    const res = await putUser(other.user.id, reader.token, { bookmarks: [String(published.id)] });
    expect(res.status).toBe(403);
    expect((await me(other.token)).bookmarks).toEqual([]);
  });

  it("the whole user object with role 'admin' smuggled into a bookmark update → 403, nothing changes", async () => {
    const reader = await newReader();
    const current = await me(reader.token);
    const res = await putUser(reader.user.id, reader.token, {
      ...current,
      role: "admin",
      bookmarks: [...current.bookmarks, String(published.id)],
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: en.roleChangeForbidden, code: "role_change_forbidden" });
    const after = await me(reader.token);
    expect(after.role).toBe("user");
    expect(after.bookmarks).toEqual([]);
    expect((await call("/api/users", { token: reader.token })).status).toBe(403);
  });

  it("the whole user object with its role unchanged and new bookmarks → 200, bookmarks as strings", async () => {
    const reader = await newReader();
    const current = await me(reader.token);
    const res = await putUser(reader.user.id, reader.token, {
      ...current,
      bookmarks: [String(published.id), String(published2.id)],
    });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe("user");
    expect([...res.body.bookmarks].sort()).toEqual([String(published.id), String(published2.id)].sort());
    expect([...(await me(reader.token)).bookmarks].sort()).toEqual([String(published.id), String(published2.id)].sort());

    const saved = await call("/api/users/me/bookmarks", { token: reader.token });
    expect(saved.body.articles.map((a: { id: number }) => a.id).sort()).toEqual([published.id, published2.id].sort());

    // Toggling one off the same way removes it.
    const off = await putUser(reader.user.id, reader.token, { ...res.body, bookmarks: [String(published2.id)] });
    expect(off.status).toBe(200);
    expect(off.body.bookmarks).toEqual([String(published2.id)]);
    const none = await putUser(reader.user.id, reader.token, { ...off.body, bookmarks: [] });
    expect(none.body.bookmarks).toEqual([]);
  });

  it("bookmarking a draft or a missing article → 404 for a reader, bookmarks unchanged", async () => {
    const reader = await newReader();
    for (const id of [draft.id, 987654321]) {
      const res = await putUser(reader.user.id, reader.token, { bookmarks: [String(published.id), String(id)] });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: en.articleNotFound, code: "article_not_found" });
    }
    expect((await me(reader.token)).bookmarks).toEqual([]);
  });

  it("a bookmark whose article was since unpublished does not block the next bookmark update", async () => {
    const reader = await newReader();
    const soonDraft = await createArticle({ writer_id: writerId });
    const first = await putUser(reader.user.id, reader.token, { ...(await me(reader.token)), bookmarks: [String(soonDraft.id)] });
    expect(first.status).toBe(200);
    await unpublish(soonDraft.slug);

    // An older client (docs/product.md#the-api-in-summary) sends its whole local list (from /users/me) plus the new id.
    const current = await me(reader.token);
    const res = await putUser(reader.user.id, reader.token, { ...current, bookmarks: [...current.bookmarks, String(published.id)] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.bookmarks).toContain(String(published.id));
    // The saved-articles list still shows only what is published.
    const saved = await call("/api/users/me/bookmarks", { token: reader.token });
    expect(saved.body.articles.map((a: { id: number }) => a.id)).toEqual([published.id]);
  });

  it("an e-mail another account uses → 409, whatever its case", async () => {
    const reader = await newReader();
    const other = await newReader();
    for (const email of [other.user.email, other.user.email.toUpperCase()]) {
      const res = await putUser(reader.user.id, reader.token, { email });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: en.emailTaken, code: "email_taken" });
    }
    expect((await me(reader.token)).email).toBe(reader.user.email);
    const byAdmin = await putUser(reader.user.id, await asAdmin(), { email: TEST_ADMIN.email });
    expect(byAdmin.status).toBe(409);
    expect(byAdmin.body).toEqual({ error: en.emailTaken, code: "email_taken" });
  });

  it("the admin edits another user's name and e-mail", async () => {
    const reader = await newReader();
    const email = uniqueEmail("edited");
    const res = await putUser(reader.user.id, await asAdmin(), { name: "Edited By Admin", email, role: "user" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: reader.user.id, name: "Edited By Admin", email, role: "user" });
    expect(await me(reader.token)).toMatchObject({ name: "Edited By Admin", email });
  });

  it("unknown user → 404; unknown role → 400", async () => {
    const admin = await asAdmin();
    const missing = await putUser(987654321, admin, { name: "Nobody" });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: en.userNotFound, code: "user_not_found" });
    const reader = await newReader();
    const badRole = await putUser(reader.user.id, admin, { role: "superuser" });
    expect(badRole.status).toBe(400);
    expect((await me(reader.token)).role).toBe("user");
  });
});

describe("DELETE /api/users/{id}", () => {
  it("admin → 200, then 404; the account's session and password stop working", async () => {
    const reader = await newReader();
    const admin = await asFreshAdmin();
    const res = await call(`/api/users/${reader.user.id}`, { method: "DELETE", token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    const again = await call(`/api/users/${reader.user.id}`, { method: "DELETE", token: admin });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: en.userNotFound, code: "user_not_found" });

    expect((await call("/api/users/me", { token: reader.token })).status).toBe(401);
    const login = await call("/api/admin/login", { method: "POST", json: { username: reader.user.email, password: PASSWORD } });
    expect(login.status).toBe(401);
    const list = await call("/api/users", { token: admin });
    expect(list.body.some((u: { id: number }) => u.id === reader.user.id)).toBe(false);
    expect((await putUser(reader.user.id, admin, { name: "Ghost" })).status).toBe(404);
  });

  it("a reader cannot delete an account, not even their own", async () => {
    const reader = await newReader();
    for (const id of [reader.user.id, (await newReader()).user.id]) {
      const res = await call(`/api/users/${id}`, { method: "DELETE", token: reader.token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: en.adminRequired, code: "admin_required" });
    }
    expect((await call("/api/users/me", { token: reader.token })).status).toBe(200);
  });

  it("its e-mail can be registered again afterwards", async () => {
    const reader = await newReader();
    await call(`/api/users/${reader.user.id}`, { method: "DELETE", token: await asFreshAdmin() });
    const res = await call("/api/users/register", {
      method: "POST",
      json: { name: "Returning Reader", email: reader.user.email, password: PASSWORD },
    });
    expect(res.status).toBe(201);
  });
});

describe("bookmark toggle: POST /api/users/me/bookmarks/{articleId}", () => {
  let reader: Reader;
  beforeAll(async () => {
    reader = await newReader();
  });

  const toggle = (articleId: number, token: string | null = reader.token) =>
    call(`/api/users/me/bookmarks/${articleId}`, { method: "POST", token });

  it("on → {bookmarked: true}, listed; again → {bookmarked: false}, gone", async () => {
    const on = await toggle(published.id);
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ bookmarked: true });
    expect((await me(reader.token)).bookmarks).toEqual([String(published.id)]);
    const saved = await call("/api/users/me/bookmarks", { token: reader.token });
    expect(saved.status).toBe(200);
    expect(saved.body.articles).toHaveLength(1);
    expect(saved.body.articles[0]).toMatchObject({ id: published.id, slug: published.slug, title: published.title, is_published: true });

    const off = await toggle(published.id);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ bookmarked: false });
    expect((await me(reader.token)).bookmarks).toEqual([]);
    expect((await call("/api/users/me/bookmarks", { token: reader.token })).body).toEqual({ articles: [] });
  });

  it("GET /api/users/me/bookmarks lists only published articles", async () => {
    const other = await newReader();
    const article = await createArticle({ writer_id: writerId });
    expect((await toggle(article.id, other.token)).body).toEqual({ bookmarked: true });
    expect((await toggle(published2.id, other.token)).body).toEqual({ bookmarked: true });
    const before = await call("/api/users/me/bookmarks", { token: other.token });
    expect(before.body.articles.map((a: { id: number }) => a.id).sort()).toEqual([article.id, published2.id].sort());

    await unpublish(article.slug);
    const after = await call("/api/users/me/bookmarks", { token: other.token });
    expect(after.body.articles.map((a: { id: number }) => a.id)).toEqual([published2.id]);
  });

  it("a bookmark whose article was since unpublished can still be toggled off, not on again", async () => {
    const other = await newReader();
    const article = await createArticle({ writer_id: writerId });
    expect((await toggle(article.id, other.token)).body).toEqual({ bookmarked: true });
    await unpublish(article.slug);

    const off = await toggle(article.id, other.token);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toEqual({ bookmarked: false });
    expect((await me(other.token)).bookmarks).toEqual([]);

    const on = await toggle(article.id, other.token);
    expect(on.status).toBe(404);
    expect(on.body).toEqual({ error: en.articleNotFound, code: "article_not_found" });
    expect((await me(other.token)).bookmarks).toEqual([]);
  });

  it("a deleted article leaves the bookmarks", async () => {
    const other = await newReader();
    const article = await createArticle({ writer_id: writerId });
    await toggle(article.id, other.token);
    expect((await me(other.token)).bookmarks).toEqual([String(article.id)]);
    const deleted = await call(`/api/news/${article.slug}`, { method: "DELETE", token: await asAdmin() });
    expect(deleted.status).toBe(200);
    expect((await me(other.token)).bookmarks).toEqual([]);
  });

  it("a draft or a missing article → 404", async () => {
    for (const id of [draft.id, 987654321]) {
      const res = await toggle(id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: en.articleNotFound, code: "article_not_found" });
    }
    expect((await me(reader.token)).bookmarks).toEqual([]);
  });

  it("guest → 401 for the toggle and the list", async () => {
    const res = await toggle(published.id, null);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: en.signInRequired, code: "sign_in_required" });
    const list = await call("/api/users/me/bookmarks");
    expect(list.status).toBe(401);
    expect(list.body).toEqual({ error: en.signInRequired, code: "sign_in_required" });
  });
});

/**
 * Role changes and the last-admin rule run against a server of their own: on the shared server,
 * another test file could add an admin at any moment, and a wrongly allowed demotion of the only
 * admin would break every other test.
 */
describe("roles and the last admin (own server)", () => {
  let server: RunningServer;

  async function at(path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.json !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(server.baseUrl + path, {
      method: options.method ?? "GET",
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  }

  async function loginAt(email: string, password: string): Promise<{ token: string; id: number }> {
    const res = await at("/api/admin/login", { method: "POST", json: { username: email, password } });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
    return { token: res.body.token, id: res.body.user.id };
  }

  interface Account {
    token: string;
    id: number;
    password: string;
  }

  const roleOf = async (token: string) => (await at("/api/users/me", { token })).body.role;
  /** `by`'s token, its session having just proved its password (role changes and deletions need it, issue 35). */
  async function proven(by: Account): Promise<string> {
    expect((await at("/api/users/me/reauthenticate", { method: "POST", token: by.token, json: { password: by.password } })).status).toBe(200);
    return by.token;
  }
  const setRole = async (id: number, by: Account, role: string) => at(`/api/users/${id}`, { method: "PUT", token: await proven(by), json: { role } });
  const deleteUser = async (id: number, by: Account) => at(`/api/users/${id}`, { method: "DELETE", token: await proven(by) });

  let admin: Account;
  let second: Account;

  beforeAll(async () => {
    server = await startServer();
    admin = { ...(await loginAt(TEST_ADMIN.email, TEST_ADMIN.password)), password: TEST_ADMIN.password };
    const email = uniqueEmail("second-admin");
    const registered = await at("/api/users/register", { method: "POST", json: { name: "Second", email, password: PASSWORD } });
    second = { token: registered.body.token, id: registered.body.user.id, password: PASSWORD };
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("there is exactly one admin to begin with", async () => {
    const list = await at("/api/users", { token: admin.token });
    expect(list.body.filter((u: { role: string }) => u.role === "admin").map((u: { id: number }) => u.id)).toEqual([admin.id]);
  });

  it("the only admin cannot be demoted or deleted → 409", async () => {
    const demote = await setRole(admin.id, admin, "user");
    expect(demote.status).toBe(409);
    expect(demote.body).toEqual({ error: en.lastAdmin, code: "last_admin" });
    const remove = await deleteUser(admin.id, admin);
    expect(remove.status).toBe(409);
    expect(remove.body).toEqual({ error: en.lastAdmin, code: "last_admin" });
    expect(await roleOf(admin.token)).toBe("admin");
  });

  it("the only admin may still edit their own name, role unchanged", async () => {
    const res = await at(`/api/users/${admin.id}`, {
      method: "PUT",
      token: admin.token,
      json: { name: "Chief Editor", email: TEST_ADMIN.email, role: "admin" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Chief Editor", role: "admin" });
  });

  it("the admin promotes a reader: 200, and the reader's session now opens the admin area", async () => {
    expect((await at("/api/users", { token: second.token })).status).toBe(403);
    const res = await setRole(second.id, admin, "admin");
    expect(res.status).toBe(200);
    expect(res.body.role).toBe("admin");
    expect(await roleOf(second.token)).toBe("admin");
    expect((await at("/api/users", { token: second.token })).status).toBe(200);
  });

  it("with two admins, one may demote the other; the last one then cannot be", async () => {
    const res = await setRole(admin.id, second, "user");
    expect(res.status).toBe(200);
    expect(res.body.role).toBe("user");
    expect(await roleOf(admin.token)).toBe("user");
    const refused = await at("/api/users", { token: admin.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: en.adminRequired, code: "admin_required" });
    // The demoted admin cannot promote themselves back.
    const selfPromotion = await setRole(admin.id, admin, "admin");
    expect(selfPromotion.status).toBe(403);
    expect(selfPromotion.body).toEqual({ error: en.roleChangeForbidden, code: "role_change_forbidden" });

    // `second` is now the only admin.
    const demote = await setRole(second.id, second, "user");
    expect(demote.status).toBe(409);
    expect(demote.body).toEqual({ error: en.lastAdmin, code: "last_admin" });
    const remove = await deleteUser(second.id, second);
    expect(remove.status).toBe(409);
    expect(remove.body).toEqual({ error: en.lastAdmin, code: "last_admin" });
    expect(await roleOf(second.token)).toBe("admin");
  });

  it("restore: the original admin is promoted back, and may then delete the other admin", async () => {
    const restore = await setRole(admin.id, second, "admin");
    expect(restore.status).toBe(200);
    expect(await roleOf(admin.token)).toBe("admin");

    const remove = await deleteUser(second.id, admin);
    expect(remove.status).toBe(200);
    expect((await at("/api/users/me", { token: second.token })).status).toBe(401);
    const list = await at("/api/users", { token: admin.token });
    expect(list.body.filter((u: { role: string }) => u.role === "admin").map((u: { id: number }) => u.id)).toEqual([admin.id]);
  });
});
