import { type APIRequestContext, type Locator, type Page, expect, test } from "./support/test";
import { holdIslandScripts } from "./support/held-scripts";

/** Signing in and up: the /login page and the header's modal, redirects after sign-in, and signing out. */

const PASSWORD = "correct horse battery";
let counter = 0;

/** A fresh reader address per test: tests share one server and one database. */
function uniqueEmail(): string {
  counter += 1;
  return `reader-${Date.now()}-${counter}@auth.e2e.example`;
}

async function registerReader(request: APIRequestContext, name = "Maya Gurung") {
  const email = uniqueEmail();
  const response = await request.post("/api/users/register", { data: { name, email, password: PASSWORD } });
  expect(response.status()).toBe(201);
  return { name, email };
}

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

async function signIn(scope: Page | Locator, email: string, password: string) {
  await field(scope, "Email Address").fill(email);
  await field(scope, "Password").fill(password);
  await scope.getByRole("button", { name: "Sign In", exact: true }).click();
}

test.describe("login page", () => {
  test("toggles between sign in and sign up, clearing the fields and the error", async ({ page }) => {
    const response = await page.goto("/login");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Login");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();

    await field(page, "Email Address").fill("someone@example.com");
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("All fields are required");

    await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Create Your Account" })).toBeVisible();
    await expect(field(page, "Full Name")).toBeVisible();
    await expect(field(page, "Email Address")).toHaveValue("");
    await expect(page.getByRole("alert")).toHaveCount(0);

    await page.getByRole("button", { name: "Already have an account? Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    await expect(field(page, "Full Name")).toHaveCount(0);
  });

  test("?mode=signup opens on sign up, and every field is required", async ({ page }) => {
    await page.goto("/login?mode=signup");
    await expect(page.getByRole("heading", { level: 1, name: "Create Your Account" })).toBeVisible();
    await field(page, "Email Address").fill(uniqueEmail());
    await field(page, "Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("All fields are required");
  });

  test("shows 'Please wait...' while busy, then the server's message for a wrong password", async ({ allowConsoleErrors, page, request }) => {
    // The wrong password is answered 401: the browser logs it.
    allowConsoleErrors(/status of 401/);
    const reader = await registerReader(request);
    await page.goto("/login");
    await page.route("**/api/admin/login", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await signIn(page.getByRole("main"), reader.email, "not the password");
    await expect(page.getByRole("button", { name: "Please wait..." })).toBeDisabled();
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");
    await expect(page.getByRole("main").getByRole("button", { name: "Sign In", exact: true })).toBeEnabled();
  });

  test("follows ?redirect= to a page of this site after sign-in", async ({ page, request }) => {
    const reader = await registerReader(request);
    await page.goto("/login?redirect=/news");
    await signIn(page.getByRole("main"), reader.email, PASSWORD);
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByRole("heading", { level: 1, name: "All News" })).toBeVisible();
  });

  test("never follows ?redirect= to another site", async ({ page, request }) => {
    const reader = await registerReader(request);
    await page.goto("/login?redirect=//evil.example");
    await signIn(page.getByRole("main"), reader.email, PASSWORD);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  test("a reader who is already signed in is sent on at once", async ({ page, request }) => {
    const reader = await registerReader(request);
    await page.goto("/login");
    await signIn(page.getByRole("main"), reader.email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/login?redirect=/about");
    await expect(page).toHaveURL(/\/about$/);
  });

  test("keeps what was typed before the page's scripts arrived, and signs in with it", async ({ page, request }) => {
    const reader = await registerReader(request);
    const release = await holdIslandScripts(page);
    await page.goto("/login?redirect=/news", { waitUntil: "domcontentloaded" });
    await field(page.getByRole("main"), "Email Address").fill(reader.email);
    await field(page.getByRole("main"), "Password").fill(PASSWORD);
    release();
    await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");
    await expect(field(page.getByRole("main"), "Email Address")).toHaveValue(reader.email);
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/news$/);
  });

  test("an admin goes to the dashboard", async ({ page }) => {
    await page.goto("/login");
    await signIn(page.getByRole("main"), "admin@e2e.example", "e2e-admin-password");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});

test.describe("header sign-in modal", () => {
  test("sign up signs in at once; the user menu shows name and e-mail; Sign Out signs out", async ({ page }) => {
    const email = uniqueEmail();
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Admin" })).toHaveCount(0);

    await page.getByRole("button", { name: "Sign In" }).click();
    const dialog = page.getByRole("dialog", { name: "Welcome Back" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    const signUp = page.getByRole("dialog", { name: "Create Your Account" });
    await field(signUp, "Full Name").fill("Pemba Sherpa");
    await field(signUp, "Email Address").fill(email);
    await field(signUp, "Password").fill(PASSWORD);
    await signUp.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("button", { name: "Your account" }).click();
    const menu = page.getByRole("menu");
    await expect(menu).toContainText("Pemba Sherpa");
    await expect(menu).toContainText(email);
    await expect(footer.getByRole("link", { name: "Admin" })).toBeVisible();

    await menu.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  });

  test("a wrong password shows the server's message in the modal", async ({ allowConsoleErrors, page, request }) => {
    // The wrong password is answered 401: the browser logs it.
    allowConsoleErrors(/status of 401/);
    const reader = await registerReader(request);
    await page.goto("/news");
    await page.getByRole("button", { name: "Sign In" }).click();
    const dialog = page.getByRole("dialog", { name: "Welcome Back" });
    await signIn(dialog, reader.email, "not the password");
    await expect(dialog.getByRole("alert")).toHaveText("Incorrect email or password");
    await signIn(dialog, reader.email, PASSWORD);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Your account" })).toBeVisible();
  });
});

test.describe("login page without JavaScript", () => {
  test("signs in with the plain form and follows the redirect; a wrong password shows the message", async ({ allowConsoleErrors, browser, request }) => {
    // The wrong password is answered 401: the browser logs it.
    allowConsoleErrors(/status of 401/);
    const reader = await registerReader(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto("/login?redirect=/news");
    await signIn(page.getByRole("main"), reader.email, "not the password");
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");

    await signIn(page.getByRole("main"), reader.email, PASSWORD);
    await expect(page).toHaveURL(/\/news$/);
    const session = await (await context.request.get("/api/session")).json();
    expect(session.user.email).toBe(reader.email);
    await context.close();
  });
});
