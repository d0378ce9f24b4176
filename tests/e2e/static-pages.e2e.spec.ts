import { expect, test } from "./support/test";

/** About, Contact and Support: reached from the footer, each with its heading and title. */

test.describe("static pages", () => {
  test("About Us explains who we are, our independence, corrections and source protection", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).toHaveTitle("About Us");
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    for (const heading of ["Our mission", "Editorial independence", "Corrections policy", "How we protect sources"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
  });

  test("Contact gives the newsroom and secure tips addresses and how to send documents safely", async ({ page }) => {
    const response = await page.goto("/contact");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "newsroom@khulasa.example" })).toHaveAttribute("href", "mailto:newsroom@khulasa.example");
    await expect(main.getByRole("link", { name: "tips@khulasa.example" })).toHaveAttribute("href", "mailto:tips@khulasa.example");
    await expect(page.getByRole("heading", { level: 2, name: "How to send us documents safely" })).toBeVisible();
    await expect(main.getByRole("listitem")).toHaveCount(5);
  });

  test("Support makes the donation call, without any third-party link", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Support Independent Journalism" }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page).toHaveTitle("Support Independent Journalism");
    await expect(page.getByRole("heading", { level: 1, name: "Support Independent Journalism" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Ways to give" })).toBeVisible();
    const hrefs = await page.getByRole("main").getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^(\/|mailto:)/);
  });
});
