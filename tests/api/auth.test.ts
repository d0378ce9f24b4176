/**
 * Sign-in, registration, sign-out and the session (docs/product.md#sessions): what a client
 * sees over HTTP, the cookie included.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { type ApiResponse, asAdmin, baseUrl, call, newReader, uniqueEmail } from "./client";
import { createArticle } from "./fixtures";

const PASSWORD = "reader-password-1";

function login(username: string, password: string): Promise<ApiResponse> {
  return call("/api/admin/login", { method: "POST", json: { username, password } });
}

function register(payload: Record<string, unknown>): Promise<ApiResponse> {
  return call("/api/users/register", { method: "POST", json: payload });
}

/** The `session` Set-Cookie header of a response, split into its value and attributes. */
function sessionCookie(res: ApiResponse): { value: string; attributes: string[]; raw: string } {
  const raw = res.headers.getSetCookie().find((c) => c.startsWith("session="));
  if (!raw) throw new Error(`no session cookie in ${JSON.stringify(res.headers.getSetCookie())}`);
  const [pair = "", ...attributes] = raw.split(";").map((part) => part.trim());
  return { value: pair.slice("session=".length), attributes: attributes.map((a) => a.toLowerCase()), raw };
}

/** Every key anywhere in a JSON value. */
function keysDeep(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysDeep);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysDeep(inner)]);
  }
  return [];
}

function expectNoPassword(res: ApiResponse, password: string) {
  const keys = keysDeep(res.body);
  expect(keys.filter((key) => /pass/i.test(key))).toEqual([]);
  const text = JSON.stringify(res.body);
  expect(text).not.toContain(password);
  expect(text).not.toContain("scrypt$");
}

describe("POST /api/admin/login", () => {
  let reader: { email: string; id: number };

  beforeAll(async () => {
    const res = await register({ name: "Login Reader", email: uniqueEmail("login"), password: PASSWORD });
    reader = res.body.user;
  });

  it("returns {token, user} and sets an httpOnly, SameSite=Lax session cookie", async () => {
    const res = await login(reader.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["token", "user"]);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(res.body.user).toMatchObject({ id: reader.id, email: reader.email, role: "user", bookmarks: [] });
    expect(res.headers.get("cache-control")).toBe("private, no-store");

    const cookie = sessionCookie(res);
    expect(cookie.value).toBe(res.body.token);
    expect(cookie.attributes).toContain("httponly");
    expect(cookie.attributes).toContain("samesite=lax");
    expect(cookie.attributes).toContain("path=/");
    const maxAge = cookie.attributes.find((a) => a.startsWith("max-age="));
    expect(Number(maxAge?.slice("max-age=".length))).toBeGreaterThan(0);
    // Plain http here: a Secure cookie would never be sent back.
    expect(cookie.attributes).not.toContain("secure");
  });

  it("works for the admin too, with role admin", async () => {
    const res = await login(TEST_ADMIN.email, TEST_ADMIN.password);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: TEST_ADMIN.email, role: "admin" });
  });

  it("treats the e-mail case-insensitively and ignores surrounding spaces", async () => {
    const res = await login(`  ${reader.email.toUpperCase()} `, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(reader.id);
  });

  it("each login is its own session", async () => {
    const first = await login(reader.email, PASSWORD);
    const second = await login(reader.email, PASSWORD);
    expect(first.body.token).not.toBe(second.body.token);
    expect((await call("/api/users/me", { token: first.body.token })).status).toBe(200);
    expect((await call("/api/users/me", { token: second.body.token })).status).toBe(200);
  });

  it("the cookie alone authenticates GET /api/users/me", async () => {
    const res = await login(reader.email, PASSWORD);
    const cookie = sessionCookie(res);
    const me = await call("/api/users/me", { headers: { cookie: `session=${cookie.value}` } });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: reader.id, email: reader.email });
  });

  it("a made-up token or cookie is not a session", async () => {
    const fake = "A".repeat(43);
    const bearer = await call("/api/users/me", { token: fake });
    expect(bearer.status).toBe(401);
    expect(bearer.body).toEqual({ error: en.signInRequired, code: "sign_in_required" });
    const cookie = await call("/api/users/me", { headers: { cookie: `session=${fake}` } });
    expect(cookie.status).toBe(401);
    expect(cookie.body).toEqual({ error: en.signInRequired, code: "sign_in_required" });
  });

  it("a wrong password and an unknown e-mail get the same 401 answer", async () => {
    const wrongPassword = await login(reader.email, "not-the-password");
    const unknownEmail = await login(uniqueEmail("nobody"), "not-the-password");
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ error: en.invalidCredentials, code: "invalid_credentials" });
    expect(unknownEmail.body).toEqual({ error: en.invalidCredentials, code: "invalid_credentials" });
    expect(en.invalidCredentials).toBe("Incorrect email or password");
    expect(wrongPassword.headers.getSetCookie()).toEqual([]);
  });

  it.each([
    ["an empty body", {}],
    ["empty fields", { username: "", password: "" }],
    ["no password", { username: "someone@test.example" }],
    ["an empty password", { username: "someone@test.example", password: "" }],
    ["no e-mail", { password: "some-password" }],
    ["a blank e-mail", { username: "   ", password: "some-password" }],
  ])("%s → 400 'All fields are required'", async (_label, payload) => {
    const res = await call("/api/admin/login", { method: "POST", json: payload });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: en.allFieldsRequired, code: "all_fields_required" });
    expect(en.allFieldsRequired).toBe("All fields are required");
  });

  it("a body that is not JSON → 400", async () => {
    const res = await fetch(`${baseUrl()}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: en.invalidJson, code: "invalid_json" });
  });

  it("a JSON body sent as text/plain → 415, and nothing is done", async () => {
    for (const path of ["/api/admin/login", "/api/users/register"]) {
      const res = await fetch(`${baseUrl()}${path}`, {
        method: "POST",
        headers: { "content-type": "text/plain;charset=UTF-8" },
        body: JSON.stringify({ name: "Plain Text", email: uniqueEmail("plain"), password: PASSWORD, username: TEST_ADMIN.email }),
      });
      expect(res.status, path).toBe(415);
      expect(await res.json()).toEqual({ error: en.jsonRequired, code: "json_required" });
      expect(res.headers.get("set-cookie"), path).toBeNull();
    }
  });
});

describe("POST /api/users/register", () => {
  it("creates a `user` account and signs it in: 201 {token, user}, the token works", async () => {
    const email = uniqueEmail("register");
    const res = await register({ name: "New Reader", email, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["token", "user"]);
    expect(res.body.user).toMatchObject({ name: "New Reader", email, role: "user", bookmarks: [] });
    expect(typeof res.body.user.id).toBe("number");
    expect(Number.isNaN(Date.parse(res.body.user.created_at))).toBe(false);

    const me = await call("/api/users/me", { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body.user);

    const cookie = sessionCookie(res);
    expect(cookie.value).toBe(res.body.token);
    expect(cookie.attributes).toEqual(expect.arrayContaining(["httponly", "samesite=lax"]));

    // The password chosen at registration signs in.
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it("ignores a role in the payload: the account is a `user`", async () => {
    const res = await register({ name: "Sneaky", email: uniqueEmail("sneaky"), password: PASSWORD, role: "admin" });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe("user");
    const me = await call("/api/users/me", { token: res.body.token });
    expect(me.body.role).toBe("user");
    const users = await call("/api/users", { token: res.body.token });
    expect(users.status).toBe(403);
    expect(users.body).toEqual({ error: en.adminRequired, code: "admin_required" });
  });

  it("a taken e-mail → 409, whatever its case", async () => {
    const email = uniqueEmail("taken");
    expect((await register({ name: "First", email, password: PASSWORD })).status).toBe(201);
    for (const again of [email, email.toUpperCase()]) {
      const res = await register({ name: "Second", email: again, password: PASSWORD });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: en.emailTaken, code: "email_taken" });
    }
    // The first account keeps its password.
    const other = await register({ name: "Third", email, password: "another-password-2" });
    expect(other.status).toBe(409);
    expect((await login(email, "another-password-2")).status).toBe(401);
  });

  it.each(["not-an-email", "missing-at.example", "a@b", "with space@test.example", "@test.example"])(
    "invalid e-mail %j → 400 'Please enter a valid email address'",
    async (email) => {
      const res = await register({ name: "Reader", email, password: PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: en.emailInvalid, code: "email_invalid" });
      expect(en.emailInvalid).toBe("Please enter a valid email address");
    },
  );

  it("a password shorter than 8 characters → 400", async () => {
    const email = uniqueEmail("short");
    const res = await register({ name: "Reader", email, password: "short1" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: en.passwordTooShort, code: "password_too_short" });
    // Nothing was created: the same e-mail can register properly.
    expect((await register({ name: "Reader", email, password: PASSWORD })).status).toBe(201);
  });

  it.each([
    ["an empty body", {}],
    ["no name", { email: "x@test.example", password: PASSWORD }],
    ["a blank name", { name: "  ", email: "x@test.example", password: PASSWORD }],
    ["no e-mail", { name: "Reader", password: PASSWORD }],
    ["an empty e-mail", { name: "Reader", email: "", password: PASSWORD }],
    ["no password", { name: "Reader", email: "x@test.example" }],
    ["an empty password", { name: "Reader", email: "x@test.example", password: "" }],
  ])("%s → 400 'All fields are required'", async (_label, payload) => {
    const res = await register(payload);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: en.allFieldsRequired, code: "all_fields_required" });
  });
});

describe("POST /api/users/logout", () => {
  it("revokes the session: the token then gets 401", async () => {
    const { token } = await newReader();
    expect((await call("/api/users/me", { token })).status).toBe(200);
    const res = await call("/api/users/logout", { method: "POST", token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const cleared = sessionCookie(res);
    expect(cleared.value).toBe("");
    expect(cleared.attributes).toContain("max-age=0");

    const me = await call("/api/users/me", { token });
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ error: en.signInRequired, code: "sign_in_required" });
    // The cookie form of the same token is dead too.
    expect((await call("/api/users/me", { headers: { cookie: `session=${token}` } })).status).toBe(401);
  });

  it("by cookie (same origin) revokes that session and leaves the others", async () => {
    const reader = await newReader();
    const other = await login(reader.user.email, PASSWORD);
    const res = await call("/api/users/logout", {
      method: "POST",
      headers: { cookie: `session=${reader.token}`, origin: baseUrl() },
    });
    expect(res.status).toBe(200);
    expect((await call("/api/users/me", { token: reader.token })).status).toBe(401);
    expect((await call("/api/users/me", { token: other.body.token })).status).toBe(200);
  });

  it("without a session is harmless", async () => {
    const res = await call("/api/users/logout", { method: "POST" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
  });
});

describe("CSRF: cookie-authenticated mutations must come from our origin", () => {
  const FOREIGN = "https://evil.example";
  let reader: { token: string; user: { id: number } };
  let articleId: number;

  beforeAll(async () => {
    reader = await newReader();
    articleId = (await createArticle()).id;
  });

  const bookmarks = async () => (await call("/api/users/me", { token: reader.token })).body.bookmarks;

  it.each([FOREIGN, "null", "http://127.0.0.1:1", "https://127.0.0.1"])("cookie + Origin %s → 403, and nothing changes", async (origin) => {
    const res = await call(`/api/users/me/bookmarks/${articleId}`, {
      method: "POST",
      headers: { cookie: `session=${reader.token}`, origin },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: en.csrfRejected, code: "csrf_rejected" });
    expect(await bookmarks()).toEqual([]);
  });

  it("cookie + Sec-Fetch-Site: cross-site → 403", async () => {
    const res = await call(`/api/users/me/bookmarks/${articleId}`, {
      method: "POST",
      headers: { cookie: `session=${reader.token}`, "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: en.csrfRejected, code: "csrf_rejected" });
    expect(await bookmarks()).toEqual([]);
  });

  it("a forged logout by cookie is refused and the session lives on", async () => {
    const res = await call("/api/users/logout", {
      method: "POST",
      headers: { cookie: `session=${reader.token}`, origin: FOREIGN },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: en.csrfRejected, code: "csrf_rejected" });
    expect((await call("/api/users/me", { token: reader.token })).status).toBe(200);
  });

  it("a forged admin mutation by cookie is refused", async () => {
    const admin = await asAdmin();
    const res = await call("/api/categories", {
      method: "POST",
      headers: { cookie: `session=${admin}`, origin: FOREIGN },
      json: { name: "Planted by a forged request" },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: en.csrfRejected, code: "csrf_rejected" });
    const list = await call("/api/categories");
    expect(list.body.some((c: { name: string }) => c.name === "Planted by a forged request")).toBe(false);
  });

  it("cookie + same-origin Origin works", async () => {
    const res = await call(`/api/users/me/bookmarks/${articleId}`, {
      method: "POST",
      headers: { cookie: `session=${reader.token}`, origin: baseUrl() },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bookmarked: true });
    expect(await bookmarks()).toEqual([String(articleId)]);
  });

  it("bearer token + foreign Origin works (a browser never sends the token by itself)", async () => {
    const res = await call(`/api/users/me/bookmarks/${articleId}`, {
      method: "POST",
      token: reader.token,
      headers: { origin: FOREIGN },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bookmarked: false });
    expect(await bookmarks()).toEqual([]);
  });

  it("reads by cookie need no Origin check", async () => {
    const res = await call("/api/users/me", { headers: { cookie: `session=${reader.token}`, origin: FOREIGN } });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(reader.user.id);
  });
});

describe("rate limit on failed sign-ins", () => {
  it("repeated wrong passwords for one account → 429, even for the right password; other accounts unaffected", async () => {
    const victim = await newReader();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      statuses.push((await login(victim.user.email, `wrong-password-${attempt}`)).status);
    }
    // LOGIN_FAILURES_PER_ACCOUNT defaults to 10 per 15 minutes.
    expect(statuses).toEqual(Array(10).fill(401));

    const locked = await login(victim.user.email, "wrong-password-again");
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ error: en.tooManyRequests, code: "too_many_requests" });

    const rightPassword = await login(victim.user.email, PASSWORD);
    expect(rightPassword.status).toBe(429);
    expect(rightPassword.body).toEqual({ error: en.tooManyRequests, code: "too_many_requests" });
    // The existing session is not touched.
    expect((await call("/api/users/me", { token: victim.token })).status).toBe(200);

    const bystander = await newReader();
    expect((await login(bystander.user.email, PASSWORD)).status).toBe(200);
  });

  it("a successful sign-in resets the count", async () => {
    const reader = await newReader();
    for (let attempt = 0; attempt < 9; attempt += 1) {
      expect((await login(reader.user.email, "wrong-password")).status).toBe(401);
    }
    expect((await login(reader.user.email, PASSWORD)).status).toBe(200);
    // A tenth failure: without the reset, the next attempt would be refused.
    expect((await login(reader.user.email, "wrong-password")).status).toBe(401);
    expect((await login(reader.user.email, PASSWORD)).status).toBe(200);
  });
});

describe("passwords never leave the server", () => {
  it("not in register, login, /users/me, PUT /users/{id} or the admin's user list", async () => {
    const email = uniqueEmail("secret");
    const password = "a-very-secret-password";
    const registered = await register({ name: "Secret Keeper", email, password });
    expectNoPassword(registered, password);
    const loggedIn = await login(email, password);
    expectNoPassword(loggedIn, password);
    const token = loggedIn.body.token as string;
    expectNoPassword(await call("/api/users/me", { token }), password);
    const updated = await call(`/api/users/${registered.body.user.id}`, {
      method: "PUT",
      token,
      json: { name: "Secret Keeper II" },
    });
    expect(updated.status).toBe(200);
    expectNoPassword(updated, password);
    const list = await call("/api/users", { token: await asAdmin() });
    expect(list.status).toBe(200);
    expect(list.body.some((u: { email: string }) => u.email === email)).toBe(true);
    expectNoPassword(list, password);
  });
});

describe("own server: https, and the per-address limits", () => {
  let server: RunningServer;

  const post = (path: string, json: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(json),
    });

  beforeAll(async () => {
    server = await startServer({
      PUBLIC_URL: "https://news.test.example",
      REGISTRATIONS_PER_ADDRESS: "3",
      LOGIN_FAILURES_PER_ADDRESS: "5",
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("under https the session cookie is Secure", async () => {
    const res = await post("/api/admin/login", { username: TEST_ADMIN.email, password: TEST_ADMIN.password });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("session="));
    expect(cookie?.split(";").map((a) => a.trim().toLowerCase())).toEqual(
      expect.arrayContaining(["httponly", "samesite=lax", "secure"]),
    );
  });

  it("registrations per address are limited → 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await post("/api/users/register", { name: "R", email: uniqueEmail("limit"), password: PASSWORD })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    const res = await post("/api/users/register", { name: "R", email: uniqueEmail("limit"), password: PASSWORD });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: en.tooManyRequests, code: "too_many_requests" });
  });

  it("failed sign-ins from one address over many accounts are limited → 429, for every account", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await post("/api/admin/login", { username: uniqueEmail("guess"), password: "guess" })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const res = await post("/api/admin/login", { username: TEST_ADMIN.email, password: TEST_ADMIN.password });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: en.tooManyRequests, code: "too_many_requests" });
  });
});

describe("GET /api/session", () => {
  it("answers a guest 200 with no user, and a signed-in reader with their account", async () => {
    const guest = await call("/api/session");
    expect(guest.status).toBe(200);
    expect(guest.body).toEqual({ user: null });
    expect(guest.headers.get("cache-control")).toBe("private, no-store");

    const reader = await newReader();
    const signedIn = await call("/api/session", { token: reader.token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ id: reader.user.id, email: reader.user.email, role: "user" });
  });
});
