import { type APIRequestContext, type Page, expect, test } from "./support/test";
import { adminSend, confirmDialog, notification } from "./support/admin";
import { uniqueEmail } from "./support/article-fixtures";

/**
 * A newsroom member's own account (issue 35): where they are signed in, signing a lost device out
 * from another, and changing the password, in both languages.
 */

const PASSWORD = "newsroom-password-1";
const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0";

/** A new contributor, and the token of the session their registration opened. */
async function newContributor(request: APIRequestContext) {
  const email = uniqueEmail("account");
  const registered = await request.post("/api/users/register", { data: { name: `Account ${Date.now()}`, email, password: PASSWORD } });
  expect(registered.status()).toBe(201);
  const { user, token } = await registered.json();
  await adminSend(request, "PUT", `/api/users/${user.id}`, { role: "contributor" });
  return { email, registration: token as string };
}

/** Whether a session's token still signs its requests in. */
const signedIn = async (request: APIRequestContext, token: string) => (await request.get("/api/users/me", { headers: { authorization: `Bearer ${token}` } })).status() === 200;

async function signIn(page: Page, email: string, password = PASSWORD) {
  expect((await page.request.post("/api/admin/login", { data: { username: email, password } })).status()).toBe(200);
}

const sessionsTable = (page: Page) => page.getByRole("table", { name: "Your sessions" });
const sessionRow = (page: Page, device: string) => sessionsTable(page).getByRole("row").filter({ has: page.getByRole("rowheader", { name: device }) });

test("from one browser, a member signs another out on the sessions screen, and that browser is then signed out", async ({ page, request, browser, baseURL }) => {
  const { email, registration } = await newContributor(request);
  await signIn(page, email);
  const lost = await browser.newContext({ baseURL, userAgent: FIREFOX_ANDROID });
  try {
    const lostPage = await lost.newPage();
    await signIn(lostPage, email);

    await page.goto("/admin/dashboard");
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Your account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Where you're signed in" })).toBeVisible();
    await expect(sessionsTable(page).getByRole("columnheader")).toHaveText(["Device", "Signed in", "Last active", "Actions"]);
    // The registration's session, this browser's (marked) and the phone's.
    await expect(sessionsTable(page).getByRole("row")).toHaveCount(4);
    await expect(sessionRow(page, "Chrome on Linux This device")).toHaveCount(1);
    await expect(sessionRow(page, "Chrome on Linux This device").getByRole("button")).toHaveCount(0);

    await sessionRow(page, "Firefox on Android").getByRole("button", { name: /^Sign out Firefox on Android, last active / }).click();
    await expect(confirmDialog(page)).toContainText("Sign out Firefox on Android? Whoever is using it will have to sign in again.");
    await confirmDialog(page).getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(notification(page, "Signed out of that session.")).toBeVisible();
    await expect(sessionRow(page, "Firefox on Android")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: "Where you're signed in" })).toBeFocused();

    // The phone is signed out: the back office sends it to sign in.
    await lostPage.goto("/admin/account");
    await expect(lostPage).toHaveURL(/\/login\?redirect=%2Fadmin%2Faccount$/);
    expect((await lostPage.request.get("/api/users/me")).status()).toBe(401);

    // Every other session: the registration's goes too, this one stays.
    await page.getByRole("button", { name: "Sign out all other sessions" }).click();
    await confirmDialog(page).getByRole("button", { name: "Sign out all other sessions" }).click();
    await expect(notification(page, "Signed out of every other session.")).toBeVisible();
    await expect(sessionsTable(page).getByRole("row")).toHaveCount(2);
    await expect(page.getByText("You are signed in on this device only.")).toBeVisible();
    expect(await signedIn(request, registration)).toBe(false);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  } finally {
    await lost.close();
  }
});

test("a member changes their password: an easy one is refused with the reason, then the new one works and other sessions end", async ({ allowConsoleErrors, page, request, browser, baseURL }) => {
  // The easy password is refused (400), and the wrong current one (403): the browser logs both.
  allowConsoleErrors(/status of 40[03] \([\w ]+\) \(http:\/\/127\.0\.0\.1:\d+\/api\/users\/me\/password\)/);
  const { email, registration } = await newContributor(request);
  await signIn(page, email);
  await page.goto("/ne/admin/account");
  const nepaliForm = page.getByRole("region", { name: "पासवर्ड बदल्नुहोस्" });
  await nepaliForm.getByLabel("हालको पासवर्ड").fill(PASSWORD);
  await nepaliForm.getByLabel("नयाँ पासवर्ड", { exact: true }).fill("password123");
  await nepaliForm.getByLabel("नयाँ पासवर्ड फेरि").fill("password123");
  await nepaliForm.getByRole("button", { name: "पासवर्ड बदल्नुहोस्" }).click();
  await expect(nepaliForm.getByRole("alert")).toHaveText("यो पासवर्ड धेरैले प्रयोग गर्ने पासवर्डमध्ये एक हो: आक्रमणकारीहरू सबैभन्दा पहिले यही प्रयास गर्छन्।");
  await expect(nepaliForm.getByLabel("नयाँ पासवर्ड", { exact: true })).toBeFocused();

  await page.goto("/admin/account");
  const form = page.getByRole("region", { name: "Change your password" });
  await form.getByLabel("Current password").fill("not-my-password");
  await form.getByLabel("New password", { exact: true }).fill("monsoon-ledger-quietly-9");
  await form.getByLabel("New password again").fill("monsoon-ledger-quietly-9");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("alert")).toHaveText("Your current password is not correct");
  await expect(form.getByLabel("Current password")).toBeFocused();
  await expect(form.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByLabel("New password again").fill("monsoon-ledger-quietly-8");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("alert")).toHaveText("The two new passwords differ.");

  await form.getByLabel("New password again").fill("monsoon-ledger-quietly-9");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(notification(page, "Password changed. Every other session was signed out.")).toBeVisible();
  await expect(form.getByLabel("Current password")).toHaveValue("");
  await expect(sessionsTable(page).getByRole("row")).toHaveCount(2);
  expect(await signedIn(request, registration)).toBe(false);

  const elsewhere = await browser.newContext({ baseURL });
  try {
    const other = await elsewhere.newPage();
    expect((await other.request.post("/api/admin/login", { data: { username: email, password: PASSWORD } })).status()).toBe(401);
    await signIn(other, email, "monsoon-ledger-quietly-9");
  } finally {
    await elsewhere.close();
  }
});

test("signing up with a password easy to guess shows the server's reason, in the page's language, under a hint", async ({ allowConsoleErrors, page }) => {
  // The easy password is refused (400): the browser logs it.
  allowConsoleErrors(/status of 400 \(Bad Request\) \(http:\/\/127\.0\.0\.1:\d+\/api\/users\/register\)/);
  await page.goto("/ne/login?mode=signup");
  const form = page.getByRole("main");
  const password = form.getByLabel("पासवर्ड", { exact: true });
  await expect(password).toHaveAccessibleDescription("कम्तीमा ८ अक्षर। एकअर्कासँग सम्बन्ध नभएका केही शब्द मिलाएर बनेको पासवर्ड बलियो पनि हुन्छ, सम्झन पनि सजिलो।");
  await form.getByLabel("पूरा नाम").fill("Kamala Rai");
  await form.getByLabel("इमेल ठेगाना").fill(uniqueEmail("weak-signup"));
  await password.fill("kamalarai1");
  await form.getByRole("button", { name: "खाता खोल्नुहोस्", exact: true }).click();
  await expect(form.getByRole("alert")).toHaveText("यो पासवर्ड तपाईंको नाम, इमेल ठेगाना वा यो साइटको नामबाट बनेको छ।");
  await expect(page).toHaveURL(/\/ne\/login\?mode=signup$/);
});
