import axe from "axe-core";
import { awayFromStepEdge, codeAt, wrongCode } from "../support/authenticator-codes";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { settled } from "./support/settled";
import { type Browser, type BrowserContext, type Page, expect, test } from "./support/test";

/**
 * Second factors as the newsroom meets them (issue 35), on a server of this file's own with the
 * default REQUIRE_SECOND_FACTOR (editors and admins must have one), reached at `localhost`: a
 * passkey's relying party must be a name, never an IP address. Authenticator codes are computed
 * with otplib, as the phone's app would; the passkey lives in Chromium's virtual authenticator.
 */

const PASSWORD = "editor-password-1";
/** How much of a 30-second step must be left before a journey starts typing codes: a browser types slower than a client. */
const STEP_MARGIN_MS = 15_000;
const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0";
let server: RunningServer;
/** The same server for Node's own requests, which need no name. */
let apiBase: string;
let admin: { token: string; recoveryCodes: string[] };

async function api(path: string, init: { method?: string; token?: string; json?: unknown } = {}) {
  const response = await fetch(`${apiBase}${path}`, {
    method: init.method ?? "GET",
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.json !== undefined ? { "content-type": "application/json" } : {}) },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

/** A new editor, promoted by the admin (who proves itself again with one of its recovery codes). */
async function newEditor(name: string): Promise<{ email: string; name: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@e2e.example`;
  const registered = await api("/api/users/register", { method: "POST", json: { name, email, password: PASSWORD } });
  expect(registered.status).toBe(201);
  expect((await api("/api/users/me/reauthenticate", { method: "POST", token: admin.token, json: { code: admin.recoveryCodes.shift() } })).status).toBe(200);
  expect((await api(`/api/users/${registered.body.user.id}`, { method: "PUT", token: admin.token, json: { role: "editor" } })).status).toBe(200);
  return { email, name };
}

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.baseUrl });
  return { context, page: await context.newPage() };
}

/** What axe-core finds on the page as it is now (a step the sweep of accessibility.e2e.spec.ts never reaches): nothing, it must be. */
async function axeFindings(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const { violations } = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run());
  return violations.map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}: ${v.help}`);
}

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Admin sections" });

async function signInWithPassword(page: Page, email: string) {
  await settled(page, "/login");
  await page.getByLabel("Email Address", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
}

async function signOut(page: Page) {
  await sidebar(page).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.beforeAll(async () => {
  server = await startServer({ REQUIRE_SECOND_FACTOR: "", DEMO_CONTENT: "false" }, { publicHost: "localhost" });
  apiBase = server.baseUrl.replace("localhost", "127.0.0.1");
  // The admin must have a second factor too: it sets authenticator codes up before it can promote anyone.
  const signedIn = await api("/api/admin/login", { method: "POST", json: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } });
  const started = await api("/api/users/me/totp", { method: "POST", token: signedIn.body.token });
  const confirmed = await api("/api/users/me/totp/confirm", { method: "POST", token: signedIn.body.token, json: { code: await codeAt(started.body.secret) } });
  expect(confirmed.status).toBe(200);
  admin = { token: signedIn.body.token, recoveryCodes: confirmed.body.recovery_codes };
});

test.afterAll(async () => {
  await server?.stop();
});

test("an editor sets up authenticator codes, signs in with password and code, then with a recovery code that then no longer works, and signs a second session out", async ({ allowConsoleErrors, browser }) => {
  // The password alone is answered 401 second_factor_required, as the API has it (docs/api.md); a wrong code is refused (400), and a used recovery code (401): the browser logs each.
  allowConsoleErrors(/status of 401 \(Unauthorized\) \(http:\/\/localhost:\d+\/api\/admin\/login(?:\/second-factor)?\)|status of 400 \(Bad Request\) \(http:\/\/localhost:\d+\/api\/users\/me\/totp\/confirm\)/);
  test.setTimeout(180_000);
  const editor = await newEditor("Authenticator Editor");
  const { context, page } = await newPage(browser);

  // Signed in with the password alone, the editor is taken straight to set a second factor up, and may go nowhere else.
  await signInWithPassword(page, editor.email);
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByText("Your role needs a second factor. Set one up here to use the back office.")).toBeVisible();
  await expect(sidebar(page).getByRole("link")).toHaveText(["Your account"]);
  await settled(page, "/admin/articles");
  await expect(page).toHaveURL(/\/admin\/account$/);

  await awayFromStepEdge(STEP_MARGIN_MS);
  await page.getByRole("button", { name: "Set up authenticator codes" }).click();
  await expect(page.getByRole("img", { name: `QR code that sets up authenticator codes for ${editor.email}` })).toBeVisible();
  await expect(page.getByRole("term")).toHaveText("Key, to type in by hand");
  const secret = (await page.getByRole("definition").textContent())!.replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const code = page.getByRole("textbox", { name: "Code from the app" });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await code.fill(await wrongCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("alert")).toHaveText("That code is not right. Check it and try again.");
  expect(await axeFindings(page)).toEqual([]);
  await code.fill(await codeAt(secret));
  await page.getByRole("button", { name: "Turn on" }).click();

  // The ten recovery codes, shown once, with the warning read first.
  const panel = page.getByRole("region", { name: "Your new recovery codes" });
  await expect(panel.getByRole("heading", { name: "Your new recovery codes" })).toBeFocused();
  await expect(panel).toContainText("they will not be shown again");
  const recoveryCodes = (await panel.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents()).map((item) => item.replace(/^\s*\d+\.\s*/, "").trim());
  expect(recoveryCodes).toHaveLength(10);
  for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
  const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "Download as a text file" }).click()]);
  expect(download.suggestedFilename()).toBe("khulasa-recovery-codes.txt");
  expect(await axeFindings(page)).toEqual([]);
  await panel.getByRole("button", { name: "I have saved these codes" }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Recovery codes" })).toContainText("Recovery codes left: 10");
  await expect(sidebar(page).getByRole("link", { name: "Dashboard" })).toBeVisible();
  await signOut(page);

  // Password, then the app's next code.
  await signInWithPassword(page, editor.email);
  const codeField = page.getByRole("textbox", { name: "Authenticator code" });
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await codeField.fill(await codeAt(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await signOut(page);

  // Password, then a recovery code.
  await signInWithPassword(page, editor.email);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  const recoveryField = page.getByRole("textbox", { name: "Recovery code" });
  await expect(recoveryField).toBeFocused();
  await recoveryField.fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await settled(page, "/admin/account");
  await expect(page.getByText("Recovery codes left: 9")).toBeVisible();
  await signOut(page);

  // The same recovery code again: refused, and the person stays on the second step.
  await signInWithPassword(page, editor.email);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByRole("textbox", { name: "Recovery code" }).fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText("That code is not right. Check it and try again.");
  await expect(page.getByRole("textbox", { name: "Recovery code" })).toBeFocused();
  expect(await axeFindings(page)).toEqual([]);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("textbox", { name: "Recovery code" }).fill(recoveryCodes[1]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // A phone signs in too, with another recovery code; from this browser the editor signs it out on the sessions list.
  const phone = await browser.newContext({ baseURL: server.baseUrl, userAgent: FIREFOX_ANDROID });
  const phonePage = await phone.newPage();
  await signInWithPassword(phonePage, editor.email);
  await phonePage.getByRole("button", { name: "Use a recovery code" }).click();
  await phonePage.getByRole("textbox", { name: "Recovery code" }).fill(recoveryCodes[2]!);
  await phonePage.getByRole("button", { name: "Verify" }).click();
  await expect(phonePage).toHaveURL(/\/admin\/dashboard$/);
  await settled(page, "/admin/account");
  const sessions = page.getByRole("table", { name: "Your sessions" });
  await sessions
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "Firefox on Android" }) })
    .getByRole("button", { name: /^Sign out Firefox on Android/ })
    .click();
  await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("status").getByText("Signed out of that session.", { exact: true })).toBeVisible();
  await phonePage.goto("/admin/account");
  await expect(phonePage).toHaveURL(/\/login\?redirect=%2Fadmin%2Faccount$/);
  await phone.close();
  await context.close();
});

test("an editor adds a passkey in Chromium's virtual authenticator, signs in with it, and removes it", async ({ allowConsoleErrors, browser }) => {
  // The password alone is answered 401 second_factor_required, as the API has it (docs/api.md): the browser logs it.
  allowConsoleErrors(/status of 401 \(Unauthorized\) \(http:\/\/localhost:\d+\/api\/admin\/login\)/);
  test.setTimeout(180_000);
  const editor = await newEditor("Passkey Editor");
  const { context, page } = await newPage(browser);
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });

  // The back office's scripts held back once signed in, as on a slow phone: the name typed meanwhile is the one saved.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await signInWithPassword(page, editor.email);
  await expect(page).toHaveURL(/\/admin\/account$/);
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys).toContainText("No passkeys yet.");
  await passkeys.getByLabel("Name of the passkey (which device it is on)").fill("This laptop");
  await expect(passkeys.getByRole("button", { name: "Add a passkey" })).toBeDisabled();
  release();
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status").getByText("Passkey added.", { exact: true })).toBeVisible();
  // The first second factor: its recovery codes come with it.
  await page.getByRole("button", { name: "I have saved these codes" }).click();
  await expect(passkeys.getByRole("listitem")).toHaveCount(1);
  await expect(passkeys.getByRole("listitem")).toContainText("This laptop");
  await signOut(page);

  await signInWithPassword(page, editor.email);
  await expect(page.getByText("Use the passkey on this device, your phone or your security key.")).toBeVisible();
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Signed in with the passkey just now: removing it needs no further proof.
  await settled(page, "/admin/account");
  await expect(passkeys.getByRole("listitem")).toContainText("last used");
  await passkeys.getByRole("button", { name: "Remove the passkey This laptop" }).click();
  await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("status").getByText("Passkey removed.", { exact: true })).toBeVisible();
  await expect(passkeys).toContainText("No passkeys yet.");
  // Without a second factor, the editor is back at the gate.
  await expect(page.getByText("Your role needs a second factor. Set one up here to use the back office.")).toBeVisible();
  await expect(sidebar(page).getByRole("link")).toHaveText(["Your account"]);
  await context.close();
});
