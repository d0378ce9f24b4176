import { expect, test } from "@playwright/test";

test.describe("reader smoke", () => {
  test("home lists the latest articles and opens one, server-rendered and hydrated", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));

    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Latest News" })).toBeVisible();
    const cards = page.getByRole("article");
    expect(await cards.count()).toBeGreaterThanOrEqual(10);

    const firstLink = cards.first().getByRole("link").first();
    const title = (await firstLink.textContent())?.trim() ?? "";
    expect(title).not.toBe("");
    await firstLink.click();
    await expect(page).toHaveURL(/\/article\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("heading", { name: /Comments \(\d+\)/ })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("an article page works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    const href = await page.getByRole("article").first().getByRole("link").first().getAttribute("href");
    expect(href).toMatch(/^\/article\//);
    const response = await page.goto(href!);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
    await context.close();
  });

  test("an unknown path answers 404 with Page Not Found", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the admin can sign in through the API from the browser", async ({ page }) => {
    await page.goto("/");
    const result = await page.evaluate(async () => {
      const login = await fetch("/api/admin/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin@e2e.example", password: "e2e-admin-password" }),
      });
      const me = await fetch("/api/users/me");
      return { login: login.status, me: me.status, role: (await me.json()).role };
    });
    expect(result).toEqual({ login: 200, me: 200, role: "admin" });
  });
});
