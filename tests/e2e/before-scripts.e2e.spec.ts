/**
 * Issue 35: a reader on a slow phone taps before the page's scripts have arrived, and the tap is
 * not lost. Each control a reader page shows before its islands are alive either does its job as a
 * link or a form (search, Share, Back, the menu, the language), or keeps the tap and replays it once
 * its island is alive (theme, text size, newsletter, comments, the sign-in page's switch). Each
 * test holds the islands' scripts back, taps, checks that nothing was lost, then lets them in.
 */
import { ne } from "../../app/lib/messages.ne";
import { holdIslandScripts } from "./support/held-scripts";
import { type Page, expect, test } from "./support/test";
import { createArticle, signUpInBrowser } from "./support/article-fixtures";

/** Opens `path` with its scripts held back: the page as it is before they arrive. */
async function openBeforeScripts(page: Page, path: string): Promise<() => void> {
  const release = await holdIslandScripts(page);
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await expect(page.locator("html")).not.toHaveAttribute("data-islands", "ready");
  return release;
}

const islandsAlive = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-islands", "ready");

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the search icon leads to the search page before the scripts, and opens the overlay once they are in", async ({ page }) => {
    const release = await openBeforeScripts(page, "/news");
    await page.getByRole("banner").getByRole("link", { name: "Search Articles" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole("heading", { level: 1, name: "Search Articles" })).toBeVisible();

    release();
    await islandsAlive(page);
    await page.getByRole("banner").getByRole("link", { name: "Search Articles" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("searchbox", { name: "Search Articles" })).toBeFocused();
    await expect(page).toHaveURL(/\/search$/);
  });

  test("the menu opens and the language switch leads to the Nepali page before the scripts", async ({ page }) => {
    const release = await openBeforeScripts(page, "/news");
    await page.getByRole("banner").locator("summary[aria-label='Menu']").click();
    await expect(page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "Home" })).toBeVisible();
    await page.getByTestId("language-switch").click();
    await expect(page).toHaveURL(/\/ne\/news$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ne-NP");
    release();
    await islandsAlive(page);
  });
});

test("the theme switch keeps a tap until its island is alive, and applies it once however often it was tapped", async ({ page }) => {
  const release = await openBeforeScripts(page, "/ne");
  const toDark = page.getByRole("button", { name: ne.themeToDark });
  await toDark.click();
  // A reader who sees nothing happen taps again: it still switches once.
  await toDark.click();
  await expect(toDark).toHaveAttribute("aria-busy", "true");
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

  release();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await islandsAlive(page);
  await expect(page.getByRole("button", { name: ne.themeToLight })).not.toHaveAttribute("aria-busy");
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
});

test("on an article, Share leads to the share links and Back goes home before the scripts; Text size opens once they are in", async ({ page, request }) => {
  const article = await createArticle(request, `Tapped before its scripts ${Date.now()}`);
  const release = await openBeforeScripts(page, `/article/${article.slug}`);
  const tools = page.getByRole("group", { name: "Article tools" });

  await tools.getByRole("link", { name: "Share" }).click();
  await expect(page).toHaveURL(new RegExp(`/article/${article.slug}#share$`));
  const shareLinks = page.getByRole("group", { name: "Share", exact: true });
  await expect(shareLinks).toBeInViewport();
  await expect(shareLinks.getByRole("link", { name: "Share on Facebook" })).toHaveAttribute("href", /^https:\/\/www\.facebook\.com\/sharer/);

  await tools.getByRole("button", { name: "Text size" }).click();
  await expect(page.getByRole("radio", { name: "Large" })).toBeHidden();
  release();
  await expect(page.getByRole("radio", { name: "Large" })).toBeVisible();
  await islandsAlive(page);

  await openBeforeScripts(page, `/article/${article.slug}`);
  await tools.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a newsletter sign-up sent before the scripts is sent once they are in", async ({ page }) => {
  const release = await openBeforeScripts(page, "/");
  const form = page.getByRole("region", { name: "Get our investigations by e-mail" });
  await form.getByRole("textbox", { name: "Email Address" }).fill(`early-${Date.now()}@example.com`);
  await form.getByRole("button", { name: "Subscribe", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(form.getByRole("status")).toHaveCount(0);

  release();
  await expect(form.getByRole("status")).toContainText("Thank you for subscribing!");
});

test("a comment posted before the scripts is posted once they are in, by a signed-in reader", async ({ page, request }) => {
  await signUpInBrowser(page);
  const article = await createArticle(request, `Commented before its scripts ${Date.now()}`);
  const release = await openBeforeScripts(page, `/article/${article.slug}`);
  await page.getByLabel("Write a comment").fill("Written and sent on a slow connection.");
  await page.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.getByRole("button", { name: "Post Comment" })).toHaveAttribute("aria-busy", "true");

  release();
  await expect(page.getByRole("status").getByText("Comment submitted successfully! It will be visible after approval.")).toBeVisible();
  await expect(page.getByLabel("Write a comment")).toHaveValue("");
});

test("a guest's comment sent before the scripts asks them to sign in once they are in", async ({ page, request }) => {
  const article = await createArticle(request, `A guest comments early ${Date.now()}`);
  const release = await openBeforeScripts(page, `/article/${article.slug}`);
  await page.getByLabel("Write a comment").fill("A guest's early word.");
  await page.getByRole("button", { name: "Post Comment" }).click();

  release();
  await expect(page.getByRole("dialog", { name: "Welcome Back" })).toBeVisible();
});

test("the sign-in page's switch to signing up, tapped before the scripts, switches once they are in", async ({ page }) => {
  const release = await openBeforeScripts(page, "/login");
  await page.getByRole("main").getByRole("button", { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();

  release();
  await expect(page.getByRole("heading", { level: 1, name: "Create Your Account" })).toBeVisible();
});
