/**
 * Sessions a user controls (issue 35): where they are signed in, signing out one or all the others,
 * changing the password (which ends the others), refusing passwords that are easy to guess, and the
 * audit trail of a newsroom member doing so. What a client sees over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { ne } from "../../app/lib/messages.ne";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { type ApiResponse, asAdmin, asFreshAdmin, call, callAt, newReader, uniqueEmail } from "./client";

const PASSWORD = "reader-password-1";
const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
/** Something of the agent that must never come back: a word of it no device name has. */
const AGENT_MARK = "Khulasa-Probe/4.2.1";

interface Session {
  id: number;
  device: string;
  created_at: string;
  last_used_at: string;
  current: boolean;
}

const signIn = (email: string, password: string, agent = FIREFOX_ANDROID): Promise<ApiResponse> =>
  call("/api/admin/login", { method: "POST", json: { username: email, password }, headers: { "user-agent": agent } });

/** A fresh reader signed in `devices` times (their first session is the registration's). */
async function readerWithSessions(devices: string[]): Promise<{ email: string; id: number; tokens: string[] }> {
  const reader = await newReader();
  const tokens = [reader.token];
  for (const agent of devices) {
    const res = await signIn(reader.user.email, PASSWORD, agent);
    expect(res.status).toBe(200);
    tokens.push(res.body.token);
  }
  return { email: reader.user.email, id: reader.user.id, tokens };
}

const listSessions = async (token: string): Promise<Session[]> => {
  const res = await call<Session[]>("/api/users/me/sessions", { token });
  expect(res.status).toBe(200);
  return res.body;
};

const currentSessionId = async (token: string) => (await listSessions(token)).find((session) => session.current)!.id;

const isSignedIn = async (token: string) => (await call("/api/users/me", { token })).status === 200;

const changePassword = (token: string, current: string, next: string, headers: Record<string, string> = {}) =>
  call("/api/users/me/password", { method: "PUT", token, json: { current_password: current, new_password: next }, headers });

describe("GET /api/users/me/sessions", () => {
  it("lists the user's own live sessions, newest first, this one marked, with a coarse device and times to the hour", async () => {
    const reader = await readerWithSessions([`${SAFARI_IPHONE} ${AGENT_MARK}`, FIREFOX_ANDROID]);
    const stranger = await readerWithSessions([FIREFOX_ANDROID]);
    const safariToken = reader.tokens[1]!;

    const res = await call("/api/users/me/sessions", { token: safariToken });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const listed = res.body as Session[];
    expect(listed).toHaveLength(3);
    expect(listed.map((session) => session.device)).toEqual(["Firefox on Android", "Safari on iPhone", ""]);
    expect(listed.filter((session) => session.current).map((session) => session.device)).toEqual(["Safari on iPhone"]);
    for (const session of listed) {
      expect(Object.keys(session).sort()).toEqual(["created_at", "current", "device", "id", "last_used_at"]);
      expect(session.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/);
      expect(session.last_used_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/);
      expect(Date.now() - Date.parse(session.last_used_at)).toBeLessThan(60 * 60 * 1000);
    }
    // Nothing of the agent beyond the names: no version, engine or anything it was sent with.
    const text = JSON.stringify(listed);
    for (const fragment of ["Khulasa-Probe", "4.2.1", "17.5", "Gecko", "Mozilla", "AppleWebKit"]) expect(text).not.toContain(fragment);

    const strangers = await listSessions(stranger.tokens[0]!);
    expect(strangers).toHaveLength(2);
    expect(listed.map((session) => session.id)).not.toEqual(expect.arrayContaining([strangers[0]!.id]));
    expect(listed.map((session) => session.id)).not.toEqual(expect.arrayContaining([strangers[1]!.id]));
  });

  it("needs a session", async () => {
    const res = await call("/api/users/me/sessions");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: en.signInRequired, code: "sign_in_required" });
  });
});

describe("DELETE /api/users/me/sessions/{id}", () => {
  it("signs out one other session: its token gets 401, the rest go on", async () => {
    const reader = await readerWithSessions([FIREFOX_ANDROID, SAFARI_IPHONE]);
    const [first, firefox, safari] = reader.tokens as [string, string, string];
    const target = await currentSessionId(firefox);

    const res = await call(`/api/users/me/sessions/${target}`, { method: "DELETE", token: safari });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(res.headers.getSetCookie()).toEqual([]);

    expect((await call("/api/users/me", { token: firefox })).status).toBe(401);
    expect(await isSignedIn(first)).toBe(true);
    expect(await isSignedIn(safari)).toBe(true);
    expect((await listSessions(safari)).map((session) => session.id)).not.toContain(target);
  });

  it("another user's session is not found, and lives on", async () => {
    const reader = await readerWithSessions([]);
    const stranger = await readerWithSessions([]);
    const theirs = await currentSessionId(stranger.tokens[0]!);
    for (const [language, catalog] of [["en", en], ["ne", ne]] as const) {
      const res = await call(`/api/users/me/sessions/${theirs}`, { method: "DELETE", token: reader.tokens[0], headers: { "accept-language": language } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: catalog.sessionNotFound, code: "session_not_found" });
    }
    expect(await isSignedIn(stranger.tokens[0]!)).toBe(true);
  });

  it("signing out this session is signing out: the cookie is cleared too", async () => {
    const reader = await readerWithSessions([]);
    const token = reader.tokens[0]!;
    const res = await call(`/api/users/me/sessions/${await currentSessionId(token)}`, { method: "DELETE", token });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((cookie) => cookie.startsWith("session="))).toMatch(/^session=;.*Max-Age=0/);
    expect(await isSignedIn(token)).toBe(false);
  });
});

describe("DELETE /api/users/me/sessions", () => {
  it("signs out every other session and keeps this one", async () => {
    const reader = await readerWithSessions([FIREFOX_ANDROID, SAFARI_IPHONE]);
    const [first, firefox, safari] = reader.tokens as [string, string, string];
    const res = await call("/api/users/me/sessions", { method: "DELETE", token: firefox });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ signed_out: 2 });
    expect(await isSignedIn(first)).toBe(false);
    expect(await isSignedIn(safari)).toBe(false);
    expect(await isSignedIn(firefox)).toBe(true);
    expect((await listSessions(firefox)).map((session) => session.current)).toEqual([true]);
  });
});

describe("PUT /api/users/me/password", () => {
  it("with the current password: sets the new one and ends every other session, keeping this one", async () => {
    const reader = await readerWithSessions([FIREFOX_ANDROID, SAFARI_IPHONE]);
    const [first, firefox, safari] = reader.tokens as [string, string, string];
    const next = "monsoon-ledger-quietly-9";

    const res = await changePassword(safari, PASSWORD, next);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await isSignedIn(first)).toBe(false);
    expect(await isSignedIn(firefox)).toBe(false);
    expect(await isSignedIn(safari)).toBe(true);

    expect((await signIn(reader.email, PASSWORD)).status).toBe(401);
    expect((await signIn(reader.email, next)).status).toBe(200);
  });

  it("a wrong current password is refused with 403 in the client's language, and nothing changes", async () => {
    const reader = await readerWithSessions([FIREFOX_ANDROID]);
    const [first, firefox] = reader.tokens as [string, string];
    for (const [language, catalog] of [["en", en], ["ne", ne]] as const) {
      const res = await changePassword(firefox, "not-the-password", "monsoon-ledger-quietly-9", { "accept-language": language });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: catalog.currentPasswordIncorrect, code: "current_password_incorrect" });
    }
    expect(await isSignedIn(first)).toBe(true);
    expect((await signIn(reader.email, PASSWORD)).status).toBe(200);
  });

  it.each([
    ["a common password", "password123", "weakPasswordCommon", "weak_password_common"],
    ["a keyboard row", "zxcvbnm,./", "weakPasswordKeyboard", "weak_password_keyboard"],
    ["the user's own name", "testreader2024", "weakPasswordPersonal", "weak_password_personal"],
  ] as const)("refuses %s as the new one, saying why in English and Nepali", async (_label, weak, key, code) => {
    const reader = await readerWithSessions([FIREFOX_ANDROID]);
    const [first, firefox] = reader.tokens as [string, string];
    for (const [language, catalog] of [["en", en], ["ne", ne]] as const) {
      const res = await changePassword(firefox, PASSWORD, weak, { "accept-language": language });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: catalog[key], code });
    }
    // Refused means unchanged: the old password signs in, the other session lives.
    expect((await signIn(reader.email, PASSWORD)).status).toBe(200);
    expect(await isSignedIn(first)).toBe(true);
  });

  it("a new password under 8 characters or a missing field is refused as registration refuses it", async () => {
    const { tokens } = await readerWithSessions([]);
    expect((await changePassword(tokens[0]!, PASSWORD, "short1")).body).toEqual({ error: en.passwordTooShort, code: "password_too_short" });
    const missing = await call("/api/users/me/password", { method: "PUT", token: tokens[0], json: { new_password: "monsoon-ledger-quietly-9" } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: en.allFieldsRequired, code: "all_fields_required" });
  });

  it("needs a session", async () => {
    const res = await call("/api/users/me/password", { method: "PUT", json: { current_password: PASSWORD, new_password: "monsoon-ledger-quietly-9" } });
    expect(res.status).toBe(401);
  });
});

describe("POST /api/users/register with a password easy to guess", () => {
  it("is refused with the reason in the client's language, and no account is made", async () => {
    const email = uniqueEmail("weak");
    for (const [language, catalog] of [["en", en], ["ne", ne]] as const) {
      const res = await call("/api/users/register", {
        method: "POST",
        json: { name: "Weak Reader", email, password: "iloveyou1" },
        headers: { "accept-language": language },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: catalog.weakPasswordCommon, code: "weak_password_common" });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect((await call("/api/users/register", { method: "POST", json: { name: "Weak Reader", email, password: PASSWORD } })).status).toBe(201);
  });
});

describe("the audit trail of a newsroom member's account", () => {
  it("records signing out another session, all the others and a new password, with the devices ended; a reader's are not recorded", async () => {
    const editor = await readerWithSessions([FIREFOX_ANDROID, SAFARI_IPHONE, FIREFOX_ANDROID]);
    expect((await call(`/api/users/${editor.id}`, { method: "PUT", token: await asFreshAdmin(), json: { role: "editor" } })).status).toBe(200);
    const [, firefox, safari, again] = editor.tokens as [string, string, string, string];

    expect((await call(`/api/users/me/sessions/${await currentSessionId(safari)}`, { method: "DELETE", token: again })).status).toBe(200);
    expect((await call("/api/users/me/sessions", { method: "DELETE", token: again })).status).toBe(200);
    const fresh = await signIn(editor.email, PASSWORD, SAFARI_IPHONE);
    expect((await changePassword(again, PASSWORD, "monsoon-ledger-quietly-9")).status).toBe(200);
    expect(await isSignedIn(fresh.body.token)).toBe(false);
    expect(await isSignedIn(firefox)).toBe(false);

    const trail = await call(`/api/audit?actor=${editor.id}&limit=100`, { token: await asAdmin() });
    const entries = (trail.body.entries as { action: string; object_type: string; object_label: string; summary: string }[]).filter(
      (entry) => entry.object_type === "session" || entry.action === "account.password",
    );
    expect(entries.map((entry) => [entry.action, entry.object_label, entry.summary])).toEqual([
      ["account.password", editor.email, "Safari on iPhone"],
      ["session.signout_others", "Firefox on Android, unknown device", ""],
      ["session.signout", "Safari on iPhone", ""],
    ]);

    const reader = await readerWithSessions([FIREFOX_ANDROID]);
    expect((await call("/api/users/me/sessions", { method: "DELETE", token: reader.tokens[1] })).status).toBe(200);
    expect((await call(`/api/audit?actor=${reader.id}`, { token: await asAdmin() })).body.entries).toEqual([]);
  });
});

describe("own server: an old weak password, and guessing through a password change", () => {
  let server: RunningServer;
  const WEAK = "password123";
  const at = (path: string, options: Parameters<typeof callAt>[2] = {}) => callAt(server.baseUrl, path, options);

  beforeAll(async () => {
    server = await startServer({ ADMIN_PASSWORD: WEAK, LOGIN_FAILURES_PER_ACCOUNT: "3" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("a password chosen before the rule still signs in", async () => {
    const res = await at("/api/admin/login", { method: "POST", json: { username: TEST_ADMIN.email, password: WEAK } });
    expect(res.status).toBe(200);
  });

  it("wrong current passwords count as failed sign-ins of the account: then even the right one, and signing in, get 429", async () => {
    const token = (await at("/api/admin/login", { method: "POST", json: { username: TEST_ADMIN.email, password: WEAK } })).body.token as string;
    const change = (current: string) => at("/api/users/me/password", { method: "PUT", token, json: { current_password: current, new_password: "monsoon-ledger-quietly-9" } });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) statuses.push((await change(`guess-${attempt}`)).status);
    expect(statuses).toEqual([403, 403, 403]);

    const locked = await change(WEAK);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ error: en.tooManyRequests, code: "too_many_requests" });
    expect((await at("/api/admin/login", { method: "POST", json: { username: TEST_ADMIN.email, password: WEAK } })).status).toBe(429);
    // Nothing changed: the session lives and the password is the old one.
    expect((await at("/api/users/me", { token })).status).toBe(200);
  });
});
