import { type Page, expect, test } from "./support/test";
import { ne } from "../../app/lib/messages.ne";

/** Search: the overlay opened from the header, and the shareable /search?q= page. */

interface ArticleList {
  articles: { title: string; slug: string; language: string }[];
  total: number;
}

const NONSENSE = "qxzvbnmkjh";

/** Opens the overlay from the header's search box, the way a desktop reader does. */
async function openOverlay(page: Page, query = "") {
  const box = page.getByRole("banner").getByRole("searchbox", { name: "Search Articles" });
  await box.fill(query);
  await box.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("search overlay", () => {
  test("asks for a search term when the query is empty", async ({ page }) => {
    await page.goto("/news");
    const dialog = await openOverlay(page);
    await expect(dialog.getByRole("heading", { name: "Search Articles" })).toBeVisible();
    await expect(dialog.getByText("Enter a search term to find articles")).toBeVisible();
    const input = dialog.getByRole("searchbox", { name: "Search Articles" });
    await expect(input).toBeFocused();
    await input.fill("   ");
    await expect(dialog.getByText("Enter a search term to find articles")).toBeVisible();
  });

  test("shows 'Searching articles...' and then the results, titled with the query", async ({ page, request }) => {
    const expected = (await (await request.get("/api/news?search=budget&limit=8")).json()) as ArticleList;
    expect(expected.total).toBeGreaterThan(0);
    await page.goto("/news");
    // Hold the answer back a little, so that the loading state can be seen for certain.
    await page.route(/\/api\/news\?/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    const dialog = await openOverlay(page);
    await dialog.getByRole("searchbox", { name: "Search Articles" }).fill("budget");
    await expect(dialog.getByText("Searching articles...")).toBeVisible();
    await expect(dialog.getByRole("heading", { name: 'Search results for "budget"' })).toBeVisible();
    await expect(dialog.getByRole("article")).toHaveCount(expected.articles.length);
    const titles = (await dialog.getByRole("article").getByRole("heading").allTextContents()).map((t) => t.trim());
    expect(titles).toEqual(expected.articles.map((a) => a.title));
    await expect(dialog.getByRole("link", { name: "See all results" })).toHaveAttribute("href", "/search?q=budget");
  });

  test("says 'No results found' for a query that matches nothing", async ({ page }) => {
    await page.goto("/news");
    const dialog = await openOverlay(page, NONSENSE);
    await expect(dialog.getByText("No results found")).toBeVisible();
    await expect(dialog.getByText("Try different keywords")).toBeVisible();
  });

  test("finds a Nepali article by a Nepali query", async ({ page, request }) => {
    const nepali = (await (await request.get("/api/news?language=ne&limit=1")).json()) as ArticleList;
    const article = nepali.articles[0]!;
    await page.goto("/");
    const dialog = await openOverlay(page);
    await dialog.getByRole("searchbox", { name: "Search Articles" }).fill(article.title);
    const result = dialog.getByRole("link", { name: article.title, exact: true });
    await expect(result).toBeVisible();
    // Following a result closes the overlay and opens the article.
    await result.click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/article/${encodeURIComponent(article.slug)}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
  });

  test("Escape closes it and gives focus back to the search box", async ({ page }) => {
    await page.goto("/news");
    const dialog = await openOverlay(page, "budget");
    await expect(dialog.getByRole("heading", { name: 'Search results for "budget"' })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("searchbox", { name: "Search Articles" })).toBeFocused();
  });

  test("opens from the search icon on a phone", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/news");
    await page.getByRole("banner").getByRole("link", { name: "Search Articles" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("searchbox", { name: "Search Articles" })).toBeFocused();
    await dialog.getByRole("searchbox", { name: "Search Articles" }).fill("budget");
    await expect(dialog.getByRole("heading", { name: 'Search results for "budget"' })).toBeVisible();
    await expect(dialog.getByRole("article").first()).toBeVisible();
    await context.close();
  });

  test("in Nepali, its close button is named in Nepali and gives focus back to the search box", async ({ page }) => {
    await page.goto("/ne/news");
    const box = page.getByRole("banner").getByRole("searchbox", { name: ne.searchArticles });
    await box.fill("बजेट");
    await box.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: ne.closeDialog }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(box).toBeFocused();
  });

  test("Enter in the overlay opens the full results page", async ({ page }) => {
    await page.goto("/news");
    const dialog = await openOverlay(page);
    await dialog.getByRole("searchbox", { name: "Search Articles" }).fill("contract");
    await dialog.getByRole("searchbox", { name: "Search Articles" }).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=contract$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: 'Search results for "contract"' })).toBeVisible();
  });
});

test.describe("search page", () => {
  test("is server-rendered and works without JavaScript", async ({ browser, request }) => {
    const expected = (await (await request.get("/api/news?search=budget&limit=12")).json()) as ArticleList;
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();

    const response = await page.goto("/search?q=budget");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Search results for "budget"');
    await expect(page.getByRole("heading", { level: 1, name: 'Search results for "budget"' })).toBeVisible();
    const titles = (await page.getByRole("main").getByRole("article").getByRole("heading").allTextContents()).map((t) => t.trim());
    expect(titles).toEqual(expected.articles.map((a) => a.title));

    // The page's own form is a plain GET form.
    const form = page.getByRole("main").getByRole("search");
    await form.getByRole("searchbox", { name: "Search Articles" }).fill(NONSENSE);
    await form.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${NONSENSE}$`));
    await expect(page.getByText("No results found")).toBeVisible();
    await context.close();
  });

  test("asks for a search term without a query", async ({ page }) => {
    for (const path of ["/search", "/search?q=%20%20"]) {
      await page.goto(path);
      await expect(page).toHaveTitle("Search Articles");
      await expect(page.getByRole("heading", { level: 1, name: "Search Articles" })).toBeVisible();
      await expect(page.getByText("Enter a search term to find articles")).toBeVisible();
    }
  });

  test("finds Nepali text", async ({ page, request }) => {
    const nepali = (await (await request.get("/api/news?language=ne&limit=1")).json()) as ArticleList;
    const article = nepali.articles[0]!;
    await page.goto(`/search?q=${encodeURIComponent(article.title)}`);
    // Not exact: the newest Nepali story may be a live one, whose card's link begins with its "Live" badge.
    await expect(page.getByRole("main").getByRole("link", { name: article.title })).toBeVisible();
  });
});
