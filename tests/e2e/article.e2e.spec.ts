import { type Locator, type Page, expect, test } from "./support/test";
import { type Detail, articleDetail, draftSlug, publishedArticles } from "./support/article-fixtures";
import { settled } from "./support/settled";

/** The richest published English article: tags, related articles, comments, a writer and a category. */
/** docs/product.md#limits-and-constants: Back shows its spinner for 500 ms before it leaves. */
const BACK_SPINNER_MS = 500;

const backLink = (page: Page) => page.getByRole("group", { name: "Article tools" }).getByRole("link", { name: "Back", exact: true });

/**
 * Taps `control` with the page's clock stopped: what the tap starts on a timer (Back's spinner)
 * waits for `page.clock.runFor`, so a test sees it however loaded the machine is.
 */
async function tapAndHoldTime(page: Page, control: Locator) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
  await control.click();
}

async function richArticle(page: Page, language: "en" | "ne" = "en"): Promise<Detail> {
  for (const summary of await publishedArticles(page.request)) {
    if (summary.language !== language || summary.tags.length === 0 || summary.writer_id === null || !summary.category_slug) continue;
    const detail = await articleDetail(page.request, summary.slug);
    if (detail.related.length > 0 && detail.comments.length > 0 && detail.media.some((m) => m.kind === "banner")) return detail;
  }
  throw new Error("no rich demo article");
}

const articleBody = (page: Page) => page.getByTestId("article-body");
const fontSizeOf = (page: Page) => articleBody(page).evaluate((el) => getComputedStyle(el).fontSize);

test.describe("reading an article", () => {
  test("shows every part of the article, server-rendered", async ({ page }) => {
    const article = await richArticle(page);
    const response = await page.goto(`/article/${article.slug}`);
    expect(response?.status()).toBe(200);

    await expect(page).toHaveTitle(article.meta_title || article.title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", article.meta_description || article.excerpt);

    const main = page.getByRole("article").first();
    await expect(main).toHaveAttribute("lang", article.language);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(article.title);
    await expect(main.getByText(article.meta_description)).toBeVisible();
    await expect(main.getByText(`${article.read_time} min read`)).toBeVisible();
    await expect(main.getByRole("link", { name: article.writer_name })).toHaveAttribute("href", `/writer/${article.writer_id}`);
    await expect(main.getByRole("link", { name: article.category_name, exact: true })).toHaveAttribute(
      "href",
      `/category/${article.category_slug}`,
    );
    await expect(main.locator("time").first()).toHaveAttribute("datetime", article.published_at);

    const banner = article.media.find((m) => m.kind === "banner")!;
    const lead = main.getByRole("img", { name: banner.caption });
    await expect(lead).toHaveAttribute("loading", "eager");
    await expect(lead).toHaveAttribute("width", String(banner.width));
    await expect(lead).toHaveAttribute("height", String(banner.height));
    await expect(main.locator("figcaption").first()).toHaveText(banner.caption);

    await expect(articleBody(page)).not.toBeEmpty();
    for (const tag of article.tags) {
      await expect(main.getByRole("link", { name: `#${tag.name}` })).toHaveAttribute("href", `/tag/${tag.slug}`);
    }

    const related = page.getByRole("region", { name: "Related Articles" });
    const relatedCards = related.getByRole("article");
    expect(await relatedCards.count()).toBe(article.related.length);
    expect(article.related.length).toBeLessThanOrEqual(3);
    await expect(relatedCards.first().getByRole("heading")).toHaveText(article.related[0]!.title);

    await expect(page.getByRole("heading", { name: `Comments (${article.comments.length})` })).toBeVisible();
    await expect(page.getByText(article.comments[0]!.content)).toBeVisible();
    await expect(page.getByLabel("Write a comment")).toBeVisible();

    const latest = page.getByRole("region", { name: "Latest News" });
    expect(await latest.getByRole("article").count()).toBe(5);
    await expect(page.getByText("Advertisement", { exact: true })).toBeVisible();
  });

  test("writer, category and tag links lead to their pages", async ({ page }) => {
    const article = await richArticle(page);
    const main = page.getByRole("article").first();

    await page.goto(`/article/${article.slug}`);
    await main.getByRole("link", { name: article.writer_name }).click();
    await expect(page).toHaveURL(new RegExp(`/writer/${article.writer_id}$`));

    await page.goto(`/article/${article.slug}`);
    await main.getByRole("link", { name: article.category_name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/category/${article.category_slug}$`));

    const tag = article.tags[0]!;
    await page.goto(`/article/${article.slug}`);
    await main.getByRole("link", { name: `#${tag.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/tag/${tag.slug}$`));
  });

  test("the font size menu changes the body size and remembers it", async ({ page }) => {
    const article = await richArticle(page);
    await page.goto(`/article/${article.slug}`);
    expect(await fontSizeOf(page)).toBe("16px");

    await page.getByRole("button", { name: "Text size" }).click();
    await page.getByRole("radio", { name: "Large" }).check();
    expect(await fontSizeOf(page)).toBe("18px");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("radio", { name: "Large" })).toBeHidden();

    await page.reload();
    expect(await fontSizeOf(page)).toBe("18px");
    await page.getByRole("button", { name: "Text size" }).click();
    await expect(page.getByRole("radio", { name: "Large" })).toBeChecked();

    await page.getByRole("radio", { name: "Small" }).check();
    expect(await fontSizeOf(page)).toBe("14px");
    await page.getByRole("radio", { name: "Medium" }).check();
    expect(await fontSizeOf(page)).toBe("16px");
  });

  test("Back shows a spinner, then returns to the previous page on this site", async ({ page }) => {
    const article = await richArticle(page);
    await page.clock.install();
    await page.goto(`/article/${article.slug}`);
    await page.getByRole("region", { name: "Related Articles" }).getByRole("link", { name: article.related[0]!.title }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.related[0]!.title);
    // The spinner is the script's: clicked before the page's islands are alive, the link simply loads the home page.
    await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");

    const back = backLink(page);
    await tapAndHoldTime(page, back);
    await expect(back).toHaveAttribute("aria-busy", "true");
    await page.clock.runFor(BACK_SPINNER_MS);
    await page.clock.resume();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/article/${article.slug}`);
  });

  test("Back goes home when the reader arrived from elsewhere", async ({ page }) => {
    const article = await richArticle(page);
    await page.clock.install();
    // The spinner is the script's: clicked before hydration, the link simply loads the home page.
    await settled(page, `/article/${article.slug}`);
    const back = backLink(page);
    await expect(back).toHaveAttribute("href", "/");
    await tapAndHoldTime(page, back);
    await expect(back).toHaveAttribute("aria-busy", "true");
    await page.clock.runFor(BACK_SPINNER_MS);
    await expect(page).toHaveURL(/\/$/);
  });

  test("related articles are at most three", async ({ page }) => {
    for (const summary of (await publishedArticles(page.request)).slice(0, 6)) {
      const detail = await articleDetail(page.request, summary.slug);
      await page.goto(`/article/${summary.slug}`);
      const cards = page.getByRole("region", { name: "Related Articles" }).getByRole("article");
      expect(await cards.count()).toBe(Math.min(detail.related.length, 3));
    }
  });

  test("a draft or unknown slug answers 404 with Article Not Found", async ({ allowConsoleErrors, page, request }) => {
    // Both are answered 404: the browser logs it.
    allowConsoleErrors(/status of 404/);
    for (const slug of [await draftSlug(request), "no-such-article-anywhere"]) {
      const response = await page.goto(`/article/${encodeURIComponent(slug)}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
      await expect(page).toHaveTitle("Article Not Found");
    }
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a Devanagari slug opens raw and percent-encoded", async ({ page }) => {
    const article = await richArticle(page, "ne");
    expect(article.slug).toMatch(/[\u0900-\u097F]/);
    for (const path of [`/article/${article.slug}`, `/article/${encodeURIComponent(article.slug)}`]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
      await expect(page.getByRole("article").first()).toHaveAttribute("lang", "ne");
    }
  });

  test("the Facebook, Twitter and LinkedIn links share the article's address", async ({ page, baseURL }) => {
    for (const language of ["en", "ne"] as const) {
      const article = await richArticle(page, language);
      await page.goto(`/article/${article.slug}`);
      const url = encodeURIComponent(new URL(`/article/${article.slug}`, baseURL).href);
      const expected = {
        "Share on Facebook": `https://www.facebook.com/sharer/sharer.php?u=${url}`,
        "Share on Twitter": `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(article.title)}`,
        "Share on LinkedIn": `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
      };
      for (const [name, href] of Object.entries(expected)) {
        const link = page.getByRole("link", { name });
        await expect(link).toHaveAttribute("href", href);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      }
    }
  });

  test("Share copies the link and says so when the Web Share API is absent", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, permissions: ["clipboard-read", "clipboard-write"] });
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true }));
    const page = await context.newPage();
    const article = await richArticle(page);
    await page.goto(`/article/${article.slug}`);

    await page.getByRole("group", { name: "Article tools" }).getByRole("link", { name: "Share", exact: true }).click();
    await expect(page.getByRole("status").getByText("Link copied to clipboard!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/article/${article.slug}`, baseURL).href);
    await context.close();
  });

  test("the article reads without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    const article = await richArticle(page);
    await page.goto(`/article/${article.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    await expect(articleBody(page)).not.toBeEmpty();
    await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("heading", { name: `Comments (${article.comments.length})` })).toBeVisible();
    await context.close();
  });
});
