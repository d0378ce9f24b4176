import { type APIRequestContext, type Page, expect, test } from "./support/test";
import { ne } from "../../app/lib/messages.ne";
import { adminToken, publishedArticles, uniqueEmail } from "./support/article-fixtures";

/** Bikram Sambat years of this century, in Devanagari digits: '२०८३'. */
const BS_YEAR = /२०[०-९]{2}/;

interface Pair {
  nepali: { slug: string; title: string };
  english: { slug: string; title: string };
}

/** A Nepali demo article and its English translation, linked both ways. */
async function translatedPair(request: APIRequestContext): Promise<Pair> {
  for (const summary of await publishedArticles(request)) {
    if (summary.language !== "ne") continue;
    const detail = await (await request.get(`/api/news/${encodeURIComponent(summary.slug)}`)).json();
    if (detail.translation?.language === "en") {
      return { nepali: { slug: summary.slug, title: summary.title }, english: { slug: detail.translation.slug, title: detail.translation.title } };
    }
  }
  throw new Error("the demo content has no Nepali article with an English translation");
}

/** Errors React reports when the server's HTML and the browser's first render differ. */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match|#418|#423|#425/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/** A published English story without a section, whose writer has since been deleted. */
async function orphanArticle(request: APIRequestContext) {
  const auth = { authorization: `Bearer ${await adminToken(request)}` };
  const writer = await (await request.post("/api/writers", { headers: auth, data: { name: "Departing Writer", email: uniqueEmail("departing") } })).json();
  const created = await request.post("/api/news", {
    headers: auth,
    data: { title: `A story left without a byline ${Date.now()}`, content: "<p>Its writer has left the newsroom.</p>", writer_id: writer.id, is_published: "true" },
  });
  expect(created.status()).toBe(201);
  const article = (await created.json()) as { id: number; slug: string; title: string };
  expect((await request.delete(`/api/writers/${writer.id}`, { headers: auth })).ok()).toBe(true);
  return { article, auth };
}

const languageSwitch = (page: Page) => page.getByTestId("language-switch");
const decodedPath = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);
const search = (page: Page) => new URL(page.url()).search;

test.describe("the reader site in Nepali and English", () => {
  test("the home page switches language, with Nepali nav, headings, BS dates and digits", async ({ page }) => {
    const problems = watchHydration(page);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(languageSwitch(page)).toHaveText("नेपाली");
    await expect(languageSwitch(page)).toHaveAttribute("hreflang", "ne-NP");
    await expect(languageSwitch(page)).toHaveAttribute("lang", "ne-NP");

    await languageSwitch(page).click();
    await expect(page).toHaveURL(/\/ne$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ne-NP");
    await expect(page.getByRole("navigation", { name: ne.mainNavigation }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: ne.latestNews })).toBeVisible();
    await expect(page.getByRole("button", { name: ne.signIn })).toBeVisible();
    await expect(page.getByRole("link", { name: ne.supportJournalism })).toBeVisible();
    // The clock: Nepali weekday, Bikram Sambat date and the time in Devanagari digits.
    await expect(page.getByTestId("clock")).toHaveText(new RegExp(`${BS_YEAR.source} [०-९]{2}:[०-९]{2}:[०-९]{2}$`));
    // Listings show both languages, each card in its own.
    await expect(page.locator('main article[lang="en"]').first()).toBeVisible();
    await expect(page.locator('main article[lang="ne"]').first()).toBeVisible();

    // A full load of the Nepali page: dates first as BS card dates, then the relative time.
    await page.reload();
    const cardTime = page.locator("main article time").first();
    await expect(cardTime).toHaveText(/पहिले|भर्खरै|२०[०-९]{2}/);
    await expect(page.locator("main article time[title]").first()).toHaveAttribute("title", BS_YEAR);

    await expect(languageSwitch(page)).toHaveText("English");
    await expect(languageSwitch(page)).toHaveAttribute("hreflang", "en");
    await languageSwitch(page).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { name: "Latest News" })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("a page downloads its own language's texts only, and the other's once the reader switches", async ({ page }) => {
    const scripts: string[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() === "script") scripts.push(await response.text());
    });
    // A text that lives only in each catalog.
    const inCatalog = { en: "Unknown Author", ne: ne.unknownAuthor };
    const loaded = () => ({ en: scripts.some((code) => code.includes(inCatalog.en)), ne: scripts.some((code) => code.includes(inCatalog.ne)) });

    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Latest News" })).toBeVisible();
    await expect.poll(loaded).toEqual({ en: true, ne: false });

    await languageSwitch(page).click();
    await expect(page.getByRole("heading", { name: ne.latestNews })).toBeVisible();
    // The page shows in place before the texts' script has arrived and been read by the listener.
    await expect.poll(loaded).toEqual({ en: true, ne: true });

    scripts.length = 0;
    await page.goto("/ne");
    await expect(page.getByRole("heading", { name: ne.latestNews })).toBeVisible();
    await expect.poll(loaded).toEqual({ en: false, ne: true });
  });

  test("an article keeps its own language and links to its translation both ways", async ({ page }) => {
    const problems = watchHydration(page);
    const pair = await translatedPair(page.request);
    await page.goto(`/article/${encodeURIComponent(pair.nepali.slug)}`);
    const article = page.getByRole("article").first();
    await expect(article).toHaveAttribute("lang", "ne");
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(pair.nepali.title);

    // Under a Nepali story the link is worded in Nepali and leads to the English one.
    const toEnglish = article.getByRole("link", { name: "पढ्नुहोस् अंग्रेजीमा" });
    await expect(toEnglish).toHaveAttribute("hreflang", "en");
    await expect(toEnglish).toHaveAttribute("lang", "ne");
    await toEnglish.click();
    await expect(page).toHaveURL(`/article/${pair.english.slug}`);
    await expect(article).toHaveAttribute("lang", "en");
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(pair.english.title);

    const toNepali = article.getByRole("link", { name: "Read in Nepali" });
    await expect(toNepali).toHaveAttribute("hreflang", "ne-NP");
    await toNepali.click();
    await expect.poll(() => decodedPath(page)).toBe(`/article/${pair.nepali.slug}`);

    // The same Nepali story in the Nepali interface: labels and dates in Nepali, the story unchanged.
    await languageSwitch(page).click();
    await expect.poll(() => decodedPath(page)).toBe(`/ne/article/${pair.nepali.slug}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ne-NP");
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(pair.nepali.title);
    await expect(article.getByText(ne.publishedOn.replace(" {date}", ""))).toBeVisible();
    await expect(article.locator("time").first()).toHaveText(BS_YEAR);
    await expect(article.getByText(/[०-९]+ मिनेट पढ्न/)).toBeVisible();
    await expect(page.getByRole("heading", { name: ne.relatedArticles })).toBeVisible();

    // An English story in the Nepali interface: the body says it is English, the labels stay Nepali.
    await article.getByRole("link", { name: "पढ्नुहोस् अंग्रेजीमा" }).click();
    await expect(page).toHaveURL(`/ne/article/${pair.english.slug}`);
    await expect(article).toHaveAttribute("lang", "en");
    await expect(article.getByTestId("article-body")).toBeVisible();
    const langOf = (element: Element) => element.closest("[lang]")?.getAttribute("lang");
    expect(await article.getByText(/^लेखक:/).evaluate(langOf)).toBe("ne-NP");
    expect(await article.getByTestId("article-body").evaluate(langOf)).toBe("en");
    expect(problems).toEqual([]);
  });

  test("the search page switches language with its query, and shows highlighted snippets", async ({ page }) => {
    const problems = watchHydration(page);
    await page.goto("/search?q=budget");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search results for "budget"');
    await expect(page.locator("main mark").first()).toBeVisible();
    const mark = page.locator("main mark").first();
    await expect(mark).toHaveText(/^budget/i);

    await languageSwitch(page).click();
    await expect(page).toHaveURL(/\/ne\/search\?q=budget$/);
    expect(search(page)).toBe("?q=budget");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ne.searchResultsFor.replace("{query}", "budget"));
    await expect(page.getByRole("searchbox", { name: ne.searchArticles }).last()).toHaveValue("budget");
    await expect(page.getByRole("main").getByRole("button", { name: ne.search, exact: true })).toBeVisible();
    await expect(page.locator("main mark").first()).toBeVisible();

    // A new search from the Nepali page stays in Nepali.
    await page.getByRole("searchbox", { name: ne.searchArticles }).last().fill("नेपाल");
    await page.getByRole("main").getByRole("button", { name: ne.search, exact: true }).click();
    await expect.poll(() => decodeURIComponent(page.url())).toMatch(/\/ne\/search\?q=नेपाल$/);
    expect(problems).toEqual([]);
  });

  test("Devanagari is set in the self-hosted font, and no page asks another host for anything", async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(baseURL!) && !request.url().startsWith("data:")) foreign.push(request.url());
    });
    const fontFile = page.waitForResponse((response) => /noto-sans-devanagari-devanagari-\d00-normal.*\.woff2$/.test(response.url()));
    await page.goto("/ne");
    expect((await fontFile).status()).toBe(200);
    await page.evaluate(() => document.fonts.ready);
    const loaded = await page.evaluate(() =>
      [...document.fonts].filter((face) => face.family.replace(/"/g, "") === "Noto Sans Devanagari" && face.status === "loaded").length,
    );
    expect(loaded).toBeGreaterThan(0);
    const family = await page.locator('main article[lang="ne"] h2, main article[lang="ne"] h3').first().evaluate((el) => getComputedStyle(el).fontFamily);
    expect(family).toContain("Noto Sans Devanagari");
    expect(foreign).toEqual([]);
  });

  test("Nepali text is on screen before its font arrives, and hardly moves when it does", async ({ page }) => {
    const devanagariFace = () => [...document.fonts].some((face) => face.family.replace(/"/g, "") === "Noto Sans Devanagari" && face.status === "loaded");
    await page.addInitScript(() => {
      const seen = window as unknown as { shifted: number };
      seen.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) seen.shifted += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/noto-sans-devanagari-devanagari-\d00-normal.*\.woff2$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/ne", { waitUntil: "domcontentloaded" });
    const headline = page.locator('main article[lang="ne"] h2, main article[lang="ne"] h3').first();
    await expect(headline).toBeVisible();
    // Two frames drawn with the face still held back: the text is painted in the fallback.
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
    expect(await page.evaluate(devanagariFace)).toBe(false);
    const shiftedBefore = await page.evaluate(() => (window as unknown as { shifted: number }).shifted);
    release();
    await page.waitForFunction(devanagariFace);
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
    const shiftedAfter = await page.evaluate(() => (window as unknown as { shifted: number }).shifted);
    // Google counts a whole visit's shifts under 0.1 as good; the face's arrival takes under half of
    // that (0.024 measured here, where the fallback is a last-resort font: no Devanagari is installed).
    expect(shiftedAfter - shiftedBefore).toBeLessThan(0.05);
  });

  test("an article with no category and a deleted writer names both in the page's language", async ({ page, request }) => {
    const { article, auth } = await orphanArticle(request);
    try {
      await page.goto(`/ne/article/${encodeURIComponent(article.slug)}`);
      const header = page.getByRole("main").locator("header").first();
      await expect(header.getByText(ne.uncategorized, { exact: true })).toBeVisible();
      await expect(header.getByText(ne.unknownAuthor, { exact: true })).toHaveAttribute("lang", "ne-NP");

      // The card is set in the article's language (English); the interface's words keep their own.
      await page.goto("/ne/news");
      const card = page.getByRole("article").filter({ hasText: article.title });
      await expect(card).toHaveAttribute("lang", "en");
      await expect(card.getByText(ne.uncategorized, { exact: true })).toHaveAttribute("lang", "ne-NP");
      await expect(card.getByText(ne.unknownAuthor, { exact: true })).toHaveAttribute("lang", "ne-NP");

      await page.goto(`/article/${encodeURIComponent(article.slug)}`);
      await expect(page.getByRole("main").locator("header").first().getByText("Unknown Author", { exact: true })).toBeVisible();
      await expect(page.getByRole("main").locator("header").first().getByText("Uncategorized", { exact: true })).toBeVisible();
    } finally {
      await request.delete(`/api/news/${article.id}`, { headers: auth });
    }
  });

  test("the search overlay names a missing writer and section in the page's language, though the API sends them in English", async ({ page, request }) => {
    const { article, auth } = await orphanArticle(request);
    try {
      const params = new URLSearchParams({ search: article.title, lang: "ne" });
      const sent = (await (await request.get(`/api/news?${params}`)).json()) as { articles: { id: number; writer_name: string; category_name: string }[] };
      expect(sent.articles.find((found) => found.id === article.id)).toMatchObject({ writer_name: "Unknown Author", category_name: "Uncategorized" });

      await page.goto("/ne/news");
      const box = page.getByRole("banner").getByRole("searchbox", { name: ne.searchArticles });
      await box.fill(article.title);
      await box.press("Enter");
      const card = page.getByRole("dialog").getByRole("article").filter({ hasText: article.title });
      await expect(card.getByText(ne.unknownAuthor, { exact: true })).toHaveAttribute("lang", "ne-NP");
      await expect(card.getByText(ne.uncategorized, { exact: true })).toHaveAttribute("lang", "ne-NP");
      await expect(card.getByText("Unknown Author")).toHaveCount(0);
    } finally {
      await request.delete(`/api/news/${article.id}`, { headers: auth });
    }
  });
});
