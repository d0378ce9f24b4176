import { type Page, expect, test } from "./support/test";
import { publishedArticles, signUpInBrowser } from "./support/article-fixtures";

const articleTools = (page: Page) => page.getByRole("group", { name: "Article tools" });

async function openSavedArticles(page: Page) {
  await page.getByRole("button", { name: "Your account" }).click();
  await page.getByRole("menuitem", { name: "Saved Articles" }).click();
  const dialog = page.getByRole("dialog", { name: "Saved Articles" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("bookmarks", () => {
  test("a reader saves from the article page and a home-page card, then manages them in Saved Articles", async ({ page }) => {
    const [newest, , , , , fromArticlePage] = await publishedArticles(page.request, 6);
    await signUpInBrowser(page);

    await page.goto(`/article/${fromArticlePage!.slug}`);
    await articleTools(page).getByRole("button", { name: "Save article" }).click();
    await expect(articleTools(page).getByRole("button", { name: "Remove bookmark" })).toHaveAttribute("aria-pressed", "true");

    await page.goto("/");
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: newest!.title }) }).first();
    await card.getByRole("button", { name: "Save article" }).click();
    await expect(card.getByRole("button", { name: "Remove bookmark" })).toHaveAttribute("aria-pressed", "true");

    let saved = await openSavedArticles(page);
    await expect(saved.getByRole("link", { name: fromArticlePage!.title })).toBeVisible();
    await expect(saved.getByRole("link", { name: newest!.title })).toBeVisible();
    await saved.getByRole("listitem").filter({ hasText: newest!.title }).getByRole("button", { name: "Remove bookmark" }).click();
    await expect(saved.getByRole("link", { name: newest!.title })).toHaveCount(0);
    await expect(saved.getByRole("link", { name: fromArticlePage!.title })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(card.getByRole("button", { name: "Save article" })).toHaveAttribute("aria-pressed", "false");

    await page.goto(`/article/${fromArticlePage!.slug}`);
    await articleTools(page).getByRole("button", { name: "Remove bookmark" }).click();
    await expect(articleTools(page).getByRole("button", { name: "Save article" })).toHaveAttribute("aria-pressed", "false");

    saved = await openSavedArticles(page);
    await expect(saved.getByText("No saved articles")).toBeVisible();
    await page.keyboard.press("Escape");

    await page.reload();
    await expect(articleTools(page).getByRole("button", { name: "Save article" })).toHaveAttribute("aria-pressed", "false");
  });

  test("a new reader has no saved articles yet", async ({ page }) => {
    await signUpInBrowser(page);
    await page.goto("/");
    const saved = await openSavedArticles(page);
    await expect(saved.getByText("No saved articles")).toBeVisible();
    await expect(saved.getByText("Tap the bookmark icon on any article to save it here for later.")).toBeVisible();
  });

  test("a guest is offered no bookmark buttons", async ({ page }) => {
    const [newest] = await publishedArticles(page.request, 1);
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save article" })).toHaveCount(0);

    await page.goto(`/article/${newest!.slug}`);
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save article" })).toHaveCount(0);
    await expect(articleTools(page).getByRole("link", { name: "Share", exact: true })).toBeVisible();
  });
});
