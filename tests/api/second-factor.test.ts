/**
 * Second factors (issue 35), as a client meets them over HTTP. Servers of this file's own: one with
 * the default REQUIRE_SECOND_FACTOR (editors and admins must have a second factor), one that
 * requires none, where an account without a second factor proves its password again instead.
 * Authenticator codes are computed with otplib, as an authenticator app would; passkeys are
 * answered by a software authenticator (tests/support/soft-authenticator.ts).
 */
import { awayFromStepEdge, codeAt, wrongCode } from "../support/authenticator-codes";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/lib/messages";
import { SoftAuthenticator } from "../support/soft-authenticator";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { type ApiResponse, type RequestOptions, callAt, uniqueEmail } from "./client";

const PASSWORD = "member-password-1";
/** How much of a 30-second step must be left before a test starts typing codes. */
const STEP_MARGIN_MS = 10_000;

interface Account {
  id: number;
  email: string;
  token: string;
}

/** A server and what this file does on it, as a client would. */
function client(server: () => RunningServer) {
  const at = (path: string, options?: RequestOptions): Promise<ApiResponse> => callAt(server().baseUrl, path, options);
  const login = (email: string, password = PASSWORD) => at("/api/admin/login", { method: "POST", json: { username: email, password } });
  const secondStep = (challenge: string, proof: Record<string, unknown>) => at("/api/admin/login/second-factor", { method: "POST", json: { challenge, ...proof } });
  const reauthenticate = (token: string, proof: Record<string, unknown>) => at("/api/users/me/reauthenticate", { method: "POST", token, json: proof });
  async function register(): Promise<Account> {
    const email = uniqueEmail("member");
    const res = await at("/api/users/register", { method: "POST", json: { name: "A Member", email, password: PASSWORD } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.user.id, email, token: res.body.token };
  }
  return { at, login, secondStep, reauthenticate, register };
}


/** Sets authenticator codes up for `token`'s account, confirming with the previous step's code (the next two stay usable). */
async function enrolTotp(at: ReturnType<typeof client>["at"], token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  await awayFromStepEdge(STEP_MARGIN_MS);
  const started = await at("/api/users/me/totp", { method: "POST", token });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const confirmed = await at("/api/users/me/totp/confirm", { method: "POST", token, json: { code: await codeAt(started.body.secret, -1) } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { secret: started.body.secret, recoveryCodes: confirmed.body.recovery_codes };
}

const auditOf = async (api: ReturnType<typeof client>, adminToken: string, accountId: number) => {
  const res = await api.at(`/api/audit?actor=${accountId}&limit=100`, { token: adminToken });
  expect(res.status).toBe(200);
  return (res.body.entries as { action: string; summary: string; object_id: number }[]).map((entry) => `${entry.action} ${entry.summary}`.trim());
};

describe("with the default requirement (editors and admins)", () => {
  let server: RunningServer;
  const api = client(() => server);
  const { at, login, secondStep, reauthenticate } = api;
  let admin: Account & { secret: string; recoveryCodes: string[] };

  /** The admin's token, proved again just now with one of its recovery codes (a new set when they run low). */
  async function freshAdmin(): Promise<string> {
    const code = admin.recoveryCodes.shift()!;
    expect((await reauthenticate(admin.token, { code })).status).toBe(200);
    if (admin.recoveryCodes.length === 0) {
      const renewed = await at("/api/users/me/recovery-codes", { method: "POST", token: admin.token });
      expect(renewed.status).toBe(200);
      admin.recoveryCodes = renewed.body.recovery_codes;
    }
    return admin.token;
  }

  /** A new account with `role`, promoted by the admin, and signed in with its password. */
  async function member(role: "contributor" | "editor"): Promise<Account> {
    const account = await api.register();
    const promoted = await at(`/api/users/${account.id}`, { method: "PUT", token: await freshAdmin(), json: { role } });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    const signedIn = await login(account.email);
    expect(signedIn.status).toBe(200);
    return { ...account, token: signedIn.body.token };
  }

  /** An editor with authenticator codes on, and the sign-in challenge of a new password sign-in. */
  async function editorWithTotp() {
    const editor = await member("editor");
    const { secret, recoveryCodes } = await enrolTotp(at, editor.token);
    const password = await login(editor.email);
    expect(password.status).toBe(401);
    return { editor, secret, recoveryCodes, challenge: password.body.challenge as string };
  }

  beforeAll(async () => {
    server = await startServer({ REQUIRE_SECOND_FACTOR: "", SECOND_FACTOR_FAILURES_PER_ADDRESS: "1000" });
  });

  afterAll(async () => {
    await server?.stop();
  });

  describe("an admin without a second factor", () => {
    it("signs in with the password, and is told to set one up", async () => {
      const res = await login(TEST_ADMIN.email, TEST_ADMIN.password);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ user: { email: TEST_ADMIN.email, role: "admin" }, second_factor_enrolment_required: true });
      admin = { id: res.body.user.id, email: TEST_ADMIN.email, token: res.body.token, secret: "", recoveryCodes: [] };
    });

    it("is refused every other call with 403 second_factor_enrolment_required", async () => {
      const gated = { error: en.secondFactorEnrolmentRequired, code: "second_factor_enrolment_required" };
      const calls: [string, RequestOptions][] = [
        ["/api/users", {}],
        ["/api/audit", {}],
        ["/api/news?status=draft", {}],
        ["/api/news", { method: "POST", json: { title: "Gated", content: "<p>No.</p>" } }],
        ["/api/categories", { method: "POST", json: { name: "Gated" } }],
        [`/api/users/${admin.id}`, { method: "PUT", json: { name: "Renamed" } }],
        ["/api/tips/keys", { method: "POST", json: { public_key: randomBytes(32).toString("base64url") } }],
        ["/api/users/me/bookmarks", {}],
        ["/api/session", {}],
        ["/api/users/me/recovery-codes", { method: "POST" }],
      ];
      for (const [path, options] of calls) {
        const res = await at(path, { ...options, token: admin.token });
        expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 403, body: gated });
      }
      // The cookie is the same session: refused alike.
      const byCookie = await at("/api/users", { headers: { cookie: `session=${admin.token}` } });
      expect(byCookie).toMatchObject({ status: 403, body: gated });
    });

    it("may still read its account, its second factors, start enrolment, and sign out", async () => {
      expect(await at("/api/users/me", { token: admin.token })).toMatchObject({ status: 200, body: { email: TEST_ADMIN.email } });
      expect(await at("/api/users/me/second-factor", { token: admin.token })).toMatchObject({
        status: 200,
        body: { totp: false, passkeys: [], recovery_codes_left: 0, required: true },
      });
      expect((await at("/api/users/me/passkeys", { token: admin.token })).status).toBe(200);
      const other = await login(TEST_ADMIN.email, TEST_ADMIN.password);
      expect((await at("/api/users/logout", { method: "POST", token: other.body.token })).status).toBe(200);
      expect((await at("/api/users/me", { token: other.body.token })).status).toBe(401);
    });

    it("is taken from every back-office page to the account screen, in its language; the account screen opens", async () => {
      for (const [page, screen] of [
        ["/admin/dashboard", "/admin/account"],
        ["/admin/users", "/admin/account"],
        ["/ne/admin/tips/key", "/ne/admin/account"],
      ]) {
        const res = await fetch(`${server.baseUrl}${page}`, { headers: { cookie: `session=${admin.token}` }, redirect: "manual" });
        expect({ page, status: res.status, location: res.headers.get("location") }).toEqual({ page, status: 302, location: screen });
      }
      const account = await fetch(`${server.baseUrl}/admin/account`, { headers: { cookie: `session=${admin.token}` }, redirect: "manual" });
      expect(account.status).toBe(200);
      const html = await account.text();
      expect(html).toContain(en.secondFactorEnrolmentNotice);
      expect(html).toContain(en.totpSetUp);
    });

    it("sets up authenticator codes: a wrong code is refused, the right one answers ten recovery codes and ends its other sessions", async () => {
      const elsewhere = (await login(TEST_ADMIN.email, TEST_ADMIN.password)).body.token as string;
      await awayFromStepEdge(STEP_MARGIN_MS);
      const started = await at("/api/users/me/totp", { method: "POST", token: admin.token });
      expect(started.status).toBe(201);
      expect(Object.keys(started.body).sort()).toEqual(["otpauth_url", "secret"]);
      expect(started.body.secret).toMatch(/^[A-Z2-7]{32}$/);
      const url = new URL(started.body.otpauth_url);
      expect(url.protocol).toBe("otpauth:");
      expect(url.searchParams.get("secret")).toBe(started.body.secret);
      expect(url.searchParams.get("issuer")).toBe("Khulasa");
      expect(decodeURIComponent(url.pathname)).toContain(TEST_ADMIN.email);

      const wrong = await at("/api/users/me/totp/confirm", { method: "POST", token: admin.token, json: { code: await wrongCode(started.body.secret) } });
      expect(wrong).toMatchObject({ status: 400, body: { error: en.secondFactorCodeInvalid, code: "second_factor_code_invalid" } });
      expect((await at("/api/users", { token: admin.token })).status).toBe(403);

      const confirmed = await at("/api/users/me/totp/confirm", { method: "POST", token: admin.token, json: { code: await codeAt(started.body.secret, -1) } });
      expect(confirmed.status).toBe(200);
      expect(Object.keys(confirmed.body)).toEqual(["recovery_codes"]);
      const codes = confirmed.body.recovery_codes as string[];
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
      admin = { ...admin, secret: started.body.secret, recoveryCodes: codes };

      expect((await at("/api/users/me", { token: elsewhere })).status).toBe(401);
      expect((await at("/api/users", { token: admin.token })).status).toBe(200);
      expect(await at("/api/users/me/second-factor", { token: admin.token })).toMatchObject({ body: { totp: true, recovery_codes_left: 10, required: true } });
      expect((await at("/api/users/me/totp", { method: "POST", token: admin.token })).body).toEqual({ error: en.totpAlreadyOn, code: "totp_already_on" });
    });
  });

  describe("roles under the requirement", () => {
    it("an editor must set a second factor up; a contributor and a reader need not", async () => {
      const editor = await member("editor");
      expect(await at("/api/news?status=draft", { token: editor.token })).toMatchObject({ status: 403, body: { code: "second_factor_enrolment_required" } });
      const contributor = await member("contributor");
      expect((await at("/api/news?status=draft", { token: contributor.token })).status).toBe(200);
      const reader = await api.register();
      expect((await at("/api/users/me/bookmarks", { token: reader.token })).status).toBe(200);
      expect((await login(reader.email)).body).not.toHaveProperty("second_factor_enrolment_required");
    });
  });

  describe("signing in with authenticator codes", () => {
    it("the password alone answers 401 second_factor_required with a challenge and the account's methods, and no session", async () => {
      const { editor } = await editorWithTotp();
      const res = await login(editor.email);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: en.secondFactorRequired, code: "second_factor_required", challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), methods: ["totp", "recovery"] });
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(res.body).not.toHaveProperty("token");
      const wrongPassword = await login(editor.email, "not-the-password");
      expect(wrongPassword.body).toEqual({ error: en.invalidCredentials, code: "invalid_credentials" });
    });

    it("the code finishes it with what a sign-in answers: token, user and cookie, the session having proved its second factor", async () => {
      const { editor, secret, challenge } = await editorWithTotp();
      const res = await secondStep(challenge, { code: await codeAt(secret) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(["token", "user"]);
      expect(res.body.user).toMatchObject({ id: editor.id, email: editor.email, role: "editor" });
      const cookie = res.headers.getSetCookie().find((value) => value.startsWith("session="));
      expect(cookie).toContain(`session=${res.body.token}`);
      expect(cookie?.toLowerCase()).toContain("httponly");
      const status = await at("/api/users/me/second-factor", { token: res.body.token });
      expect(Date.now() - Date.parse(status.body.reauthenticated_at)).toBeLessThan(5 * 60_000);
      expect((await at("/api/news?status=draft", { token: res.body.token })).status).toBe(200);
    });

    it("a challenge finishes one sign-in: used again, or made up, it is refused", async () => {
      const { secret, challenge, recoveryCodes } = await editorWithTotp();
      expect((await secondStep(challenge, { code: await codeAt(secret) })).status).toBe(200);
      const again = await secondStep(challenge, { code: recoveryCodes[0]! });
      expect(again).toMatchObject({ status: 401, body: { error: en.secondFactorChallengeInvalid, code: "second_factor_challenge_invalid" } });
      expect(again.headers.getSetCookie()).toEqual([]);
      expect(await secondStep("a".repeat(43), { code: await codeAt(secret) })).toMatchObject({ status: 401, body: { code: "second_factor_challenge_invalid" } });
      expect(await secondStep(challenge, {})).toMatchObject({ status: 400, body: { error: en.secondFactorCodeRequired } });
    });

    it("a code is accepted once: the same code on a new sign-in is refused as used, the next step's passes", async () => {
      const { editor, secret, challenge } = await editorWithTotp();
      const code = await codeAt(secret);
      expect((await secondStep(challenge, { code })).status).toBe(200);
      const next = (await login(editor.email)).body.challenge as string;
      expect(await secondStep(next, { code })).toMatchObject({ status: 401, body: { error: en.totpCodeReused, code: "totp_code_reused" } });
      // The code the enrolment used is older still: refused too.
      expect(await secondStep(next, { code: await codeAt(secret, -1) })).toMatchObject({ status: 401, body: { code: "totp_code_reused" } });
      expect((await secondStep(next, { code: await codeAt(secret, 1) })).status).toBe(200);
    });

    it("a wrong code leaves the challenge alive for the right one", async () => {
      const { secret, challenge } = await editorWithTotp();
      const right = await codeAt(secret);
      const wrong = await wrongCode(secret);
      expect(await secondStep(challenge, { code: wrong })).toMatchObject({ status: 401, body: { error: en.secondFactorCodeInvalid, code: "second_factor_code_invalid" } });
      expect((await secondStep(challenge, { code: right })).status).toBe(200);
    });

    it("a recovery code signs in once, typed in any case and without its hyphens; used again it is refused", async () => {
      const { editor, recoveryCodes, challenge } = await editorWithTotp();
      const [code] = recoveryCodes;
      const typed = code!.toUpperCase().replaceAll("-", " ");
      expect((await secondStep(challenge, { code: typed })).status).toBe(200);
      const again = (await login(editor.email)).body.challenge as string;
      expect(await secondStep(again, { code })).toMatchObject({ status: 401, body: { code: "second_factor_code_invalid" } });
      expect((await at("/api/users/me/second-factor", { token: editor.token })).body.recovery_codes_left).toBe(9);
      expect((await secondStep(again, { code: recoveryCodes[1]! })).status).toBe(200);
    });

    it("the sign-in page without scripts takes the code in a second form, and sets the cookie", async () => {
      const { editor, secret } = await editorWithTotp();
      const post = (fields: Record<string, string>) =>
        fetch(`${server.baseUrl}/login`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
      const first = await post({ email: editor.email, password: PASSWORD });
      expect(first.status).toBe(401);
      const page = await first.text();
      const challenge = page.match(/name="challenge" value="([^"]+)"/)?.[1];
      expect(challenge).toBeTruthy();
      expect(page).toMatch(/autoComplete="one-time-code"|autocomplete="one-time-code"/);
      const second = await post({ challenge: challenge!, methods: "totp,recovery", code: await codeAt(secret) });
      expect(second.status).toBe(302);
      expect(second.headers.get("location")).toBe("/admin/dashboard");
      expect(second.headers.getSetCookie().some((value) => value.startsWith("session="))).toBe(true);
    });
  });

  describe("passkeys", () => {
    const origin = () => server.baseUrl;

    async function addPasskey(token: string, authenticator: SoftAuthenticator, name = "Laptop") {
      const options = await at("/api/users/me/passkeys/options", { method: "POST", token });
      expect(options.status, JSON.stringify(options.body)).toBe(200);
      expect(options.body.rp).toEqual({ name: "Khulasa", id: "127.0.0.1" });
      return at("/api/users/me/passkeys", { method: "POST", token, json: { response: authenticator.register(options.body), name } });
    }

    it("an editor's first passkey is their second factor: recovery codes, other sessions ended, the gate open", async () => {
      const editor = await member("editor");
      const elsewhere = (await login(editor.email)).body.token as string;
      const authenticator = new SoftAuthenticator(origin());
      const added = await addPasskey(editor.token, authenticator);
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      expect(added.body.passkey).toMatchObject({ name: "Laptop", last_used_at: null });
      expect(added.body.recovery_codes).toHaveLength(10);
      expect((await at("/api/users/me", { token: elsewhere })).status).toBe(401);
      expect((await at("/api/news?status=draft", { token: editor.token })).status).toBe(200);
      expect((await at("/api/users/me/passkeys", { token: editor.token })).body).toEqual([added.body.passkey]);
    });

    it("signs in with a passkey: options for the challenge, then its signed answer; a second passkey brings no new codes", async () => {
      const editor = await member("editor");
      const authenticator = new SoftAuthenticator(origin());
      await addPasskey(editor.token, authenticator);
      const phone = new SoftAuthenticator(origin());
      const second = await addPasskey(editor.token, phone, "Phone");
      expect(second.status).toBe(201);
      expect(second.body).not.toHaveProperty("recovery_codes");

      const password = await login(editor.email);
      expect(password.body.methods).toEqual(["webauthn", "recovery"]);
      const options = await at("/api/admin/login/second-factor/options", { method: "POST", json: { challenge: password.body.challenge } });
      expect(options.status).toBe(200);
      expect(options.body.rpId).toBe("127.0.0.1");
      expect(options.body.allowCredentials).toHaveLength(2);
      const assertion = phone.assert(options.body);
      const res = await secondStep(password.body.challenge, { webauthn: assertion });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.user.id).toBe(editor.id);
      // The same signed answer again: its challenge was spent with the sign-in.
      const again = await login(editor.email);
      await at("/api/admin/login/second-factor/options", { method: "POST", json: { challenge: again.body.challenge } });
      expect((await secondStep(again.body.challenge, { webauthn: assertion })).status).toBe(401);
      const listed = (await at("/api/users/me/passkeys", { token: res.body.token })).body as { name: string; last_used_at: string | null }[];
      expect(listed.find((key) => key.name === "Phone")?.last_used_at).not.toBeNull();
    });

    it("refuses an answer signed for another site, or by a passkey of another account", async () => {
      const editor = await member("editor");
      const authenticator = new SoftAuthenticator(origin());
      await addPasskey(editor.token, authenticator);
      const stranger = await member("editor");
      const strangers = new SoftAuthenticator(origin());
      await addPasskey(stranger.token, strangers);

      const password = await login(editor.email);
      const options = (await at("/api/admin/login/second-factor/options", { method: "POST", json: { challenge: password.body.challenge } })).body;
      const phished = authenticator.assert(options, { origin: "https://khulasa.example.net" });
      expect(await secondStep(password.body.challenge, { webauthn: phished })).toMatchObject({ status: 401, body: { error: en.passkeyRejected, code: "passkey_rejected" } });
      const foreign = strangers.assert({ challenge: options.challenge });
      expect(await secondStep(password.body.challenge, { webauthn: foreign })).toMatchObject({ status: 401, body: { code: "passkey_rejected" } });
      expect((await secondStep(password.body.challenge, { webauthn: authenticator.assert(options) })).status).toBe(200);
    });

    it("proves the session again with a passkey, renames one, and removes them; the last one takes the recovery codes with it", async () => {
      const editor = await member("editor");
      const authenticator = new SoftAuthenticator(origin());
      const added = await addPasskey(editor.token, authenticator);
      const id = added.body.passkey.id as number;
      expect(await at(`/api/users/me/passkeys/${id}`, { method: "PUT", token: editor.token, json: { name: "Work laptop" } })).toMatchObject({ status: 200, body: { name: "Work laptop" } });

      const options = await at("/api/users/me/reauthenticate/options", { method: "POST", token: editor.token });
      expect(options.status).toBe(200);
      const proved = await reauthenticate(editor.token, { webauthn: authenticator.assert(options.body) });
      expect(proved.status, JSON.stringify(proved.body)).toBe(200);
      expect(Date.parse(proved.body.reauthenticated_at)).toBeLessThanOrEqual(Date.now());
      // Each options call's challenge is answered once.
      expect(await reauthenticate(editor.token, { webauthn: authenticator.assert(options.body) })).toMatchObject({ status: 400, body: { code: "passkey_challenge_expired" } });
      expect(await reauthenticate(editor.token, { password: PASSWORD })).toMatchObject({ status: 400, body: { error: en.passwordNotAccepted } });

      expect((await at(`/api/users/me/passkeys/${id}`, { method: "DELETE", token: editor.token })).status).toBe(200);
      expect(await at("/api/users/me/second-factor", { token: editor.token })).toMatchObject({ body: { passkeys: [], recovery_codes_left: 0 } });
      // An editor without a second factor is held at the gate again.
      expect((await at("/api/news?status=draft", { token: editor.token })).status).toBe(403);
      expect((await login(editor.email)).status).toBe(200);
    });
  });

  describe("re-authentication with a code", () => {
    it("a wrong code is refused and recorded; the right one freshens the session", async () => {
      const { editor, secret, challenge } = await editorWithTotp();
      const signedIn = await secondStep(challenge, { code: await codeAt(secret) });
      const before = (await at("/api/users/me/second-factor", { token: signedIn.body.token })).body.reauthenticated_at as string;
      const wrong = await wrongCode(secret);
      expect(await reauthenticate(signedIn.body.token, { code: wrong })).toMatchObject({ status: 401, body: { code: "second_factor_code_invalid" } });
      const proved = await reauthenticate(signedIn.body.token, { code: await codeAt(secret, 1) });
      expect(proved.status).toBe(200);
      expect(Date.parse(proved.body.reauthenticated_at)).toBeGreaterThanOrEqual(Date.parse(before));
      expect(await auditOf(api, admin.token, editor.id)).toEqual(
        expect.arrayContaining(["account.reauthenticate totp", "account.reauthenticate_failed totp", "account.signin totp", "account.second_factor_on totp"]),
      );
    });

    it("turning authenticator codes off and making new recovery codes work with a fresh session, and are recorded", async () => {
      const { editor, secret, challenge, recoveryCodes } = await editorWithTotp();
      const token = (await secondStep(challenge, { code: await codeAt(secret) })).body.token as string;
      const renewed = await at("/api/users/me/recovery-codes", { method: "POST", token });
      expect(renewed.status).toBe(200);
      expect(renewed.body.recovery_codes).toHaveLength(10);
      const next = (await login(editor.email)).body.challenge as string;
      expect((await secondStep(next, { code: recoveryCodes[0]! })).status).toBe(401);
      expect((await at("/api/users/me/totp", { method: "DELETE", token })).status).toBe(200);
      expect(await at("/api/users/me/second-factor", { token })).toMatchObject({ body: { totp: false, recovery_codes_left: 0, required: true } });
      expect((await at("/api/users/me/totp", { method: "DELETE", token })).status).toBe(403);
      expect(await auditOf(api, admin.token, editor.id)).toEqual(
        expect.arrayContaining(["account.second_factor_off totp", "account.recovery_codes", "account.second_factor_failed recovery"]),
      );
    });
  });

  describe("failed codes are rate limited per account", () => {
    it("five wrong codes for one account → 429, even for the right code; another account is not held", async () => {
      const { editor, secret, challenge } = await editorWithTotp();
      const right = await codeAt(secret);
      const wrong = await wrongCode(secret);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await secondStep(challenge, { code: wrong })).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      expect(await secondStep(challenge, { code: right })).toMatchObject({ status: 429, body: { error: en.tooManyRequests, code: "too_many_requests" } });
      // A new challenge is the same account.
      const again = (await login(editor.email)).body.challenge as string;
      expect((await secondStep(again, { code: right })).status).toBe(429);
      // So is re-authentication from a session it already has.
      expect((await reauthenticate(editor.token, { code: right })).status).toBe(429);

      const bystander = await editorWithTotp();
      expect((await secondStep(bystander.challenge, { code: await codeAt(bystander.secret) })).status).toBe(200);
      const failures = (await auditOf(api, admin.token, editor.id)).filter((entry) => entry === "account.second_factor_failed totp");
      expect(failures).toHaveLength(5);
    });
  });
});

describe("with no requirement: accounts without a second factor prove their password", () => {
  let server: RunningServer;
  const api = client(() => server);
  const { at, login, reauthenticate } = api;
  let adminToken: string;

  beforeAll(async () => {
    server = await startServer({ REQUIRE_SECOND_FACTOR: "none", SECOND_FACTOR_FAILURES_PER_ADDRESS: "3" });
    adminToken = (await login(TEST_ADMIN.email, TEST_ADMIN.password)).body.token;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("no account is held at the gate: an admin signs in with the password alone", async () => {
    const res = await login(TEST_ADMIN.email, TEST_ADMIN.password);
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty("second_factor_enrolment_required");
    expect((await at("/api/users", { token: res.body.token })).status).toBe(200);
  });

  it("a role change, a deletion and the tip line's key need a fresh proof: refused, nothing done, then done after the password", async () => {
    const reader = await api.register();
    const victim = await api.register();
    // A public key's shape is all the server checks; making a real key pair (Argon2) would only take time.
    const key = randomBytes(32).toString("base64url");
    const needed = { error: en.reauthenticationRequired, code: "reauthentication_required" };
    expect(await at(`/api/users/${reader.id}`, { method: "PUT", token: adminToken, json: { role: "editor" } })).toMatchObject({ status: 403, body: needed });
    expect(await at(`/api/users/${victim.id}`, { method: "DELETE", token: adminToken })).toMatchObject({ status: 403, body: needed });
    expect(await at("/api/tips/keys", { method: "POST", token: adminToken, json: { public_key: key, signing_public_key: key } })).toMatchObject({ status: 403, body: needed });
    // Other changes to an account need no fresh proof.
    expect((await at(`/api/users/${reader.id}`, { method: "PUT", token: adminToken, json: { name: "Renamed" } })).status).toBe(200);
    expect((await at("/api/users/me", { token: reader.token })).body.role).toBe("user");
    expect((await at("/api/users/me", { token: victim.token })).status).toBe(200);
    expect((await at("/api/tips/setup")).body.publicKey).toBeNull();

    expect(await reauthenticate(adminToken, { password: "not-the-password" })).toMatchObject({ status: 401, body: { error: en.passwordIncorrect, code: "password_incorrect" } });
    expect(await reauthenticate(adminToken, { code: "123456" })).toMatchObject({ status: 400, body: { code: "second_factor_none" } });
    const proved = await reauthenticate(adminToken, { password: TEST_ADMIN.password });
    expect(proved.status).toBe(200);
    expect(await at(`/api/users/${reader.id}`, { method: "PUT", token: adminToken, json: { role: "editor" } })).toMatchObject({ status: 200, body: { role: "editor" } });
    expect((await at(`/api/users/${victim.id}`, { method: "DELETE", token: adminToken })).status).toBe(200);
    expect((await at("/api/tips/keys", { method: "POST", token: adminToken, json: { public_key: key, signing_public_key: key } })).status).toBe(201);

    const adminId = (await at("/api/users/me", { token: adminToken })).body.id as number;
    expect(await auditOf(api, adminToken, adminId)).toEqual(expect.arrayContaining(["account.reauthenticate password", "account.reauthenticate_failed password"]));
  });

  it("a fresh proof is the session's own: another session of the same admin is still refused", async () => {
    const reader = await api.register();
    const other = (await login(TEST_ADMIN.email, TEST_ADMIN.password)).body.token as string;
    expect((await reauthenticate(other, { password: TEST_ADMIN.password })).status).toBe(200);
    const stale = (await login(TEST_ADMIN.email, TEST_ADMIN.password)).body.token as string;
    expect((await at(`/api/users/${reader.id}`, { method: "PUT", token: stale, json: { role: "author" } })).status).toBe(403);
    expect((await at(`/api/users/${reader.id}`, { method: "PUT", token: other, json: { role: "author" } })).status).toBe(200);
  });

  it("failed codes from one address over several accounts → 429 for every account from it", async () => {
    const accounts = [];
    for (let i = 0; i < 2; i += 1) {
      const account = await api.register();
      const { secret } = await enrolTotp(at, account.token);
      accounts.push({ ...account, secret });
    }
    const [first, second] = accounts;
    expect((await reauthenticate(first!.token, { code: await wrongCode(first!.secret) })).status).toBe(401);
    expect((await reauthenticate(first!.token, { code: await wrongCode(first!.secret) })).status).toBe(401);
    expect((await reauthenticate(second!.token, { code: await wrongCode(second!.secret) })).status).toBe(401);
    expect(await reauthenticate(second!.token, { code: await codeAt(second!.secret, 1) })).toMatchObject({ status: 429, body: { code: "too_many_requests" } });
  });
});
