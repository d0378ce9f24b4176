/**
 * Issue 41: a reader page carries the rules it uses and links the whole stylesheet without waiting
 * for it, and an English page downloads no Devanagari beyond the subset made for its own labels.
 */
import { publishedArticles } from "./support/article-fixtures";
import { holdIslandScripts } from "./support/held-scripts";
import { type Page, expect, test } from "./support/test";

/** Every font file `page` asks for while `open` runs. */
async function fontsRequested(page: Page, open: () => Promise<unknown>): Promise<string[]> {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font" || /\.(woff2?|ttf|otf)(\?|$)/.test(request.url())) fonts.push(new URL(request.url()).pathname);
  });
  await open();
  await page.evaluate(() => document.fonts.ready);
  return fonts;
}

/** How many layout shifts the page has had that no input caused. */
const layoutShifts = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType("layout-shift").filter((entry) => !(entry as PerformanceEntry & { hadRecentInput: boolean }).hadRecentInput).length);

const readerSheetApplied = (page: Page) =>
  expect.poll(() => page.evaluate(() => [...document.styleSheets].some((sheet) => /\/assets\/reader-[\w-]+\.css$/.test(sheet.href ?? "") && sheet.media.mediaText === "all"))).toBe(true);

/** The size and place of every element on the page but the breaking-news ticker's, which its script keeps moving. */
const layout = (page: Page) =>
  page.evaluate(() =>
    [...document.body.querySelectorAll("*")]
      .filter((element) => !element.closest('[data-island="breaking-news"]'))
      .map((element) => `${element.tagName} ${JSON.stringify(element.getBoundingClientRect())}`)
      .join("\n"),
  );

test.describe("fonts", () => {
  test("an English home and article ask for no Devanagari font but the subset of their labels", async ({ page, request }) => {
    const [story] = await publishedArticles(request, 1);
    for (const path of ["/", `/article/${encodeURIComponent(story!.slug)}`]) {
      const fonts = await fontsRequested(page, () => page.goto(path));
      await expect(page.getByTestId("language-switch")).toBeVisible();
      expect(fonts, path).toEqual(fonts.filter((font) => /^\/assets\/devanagari-labels-400-[\w-]+\.woff2$/.test(font)));
      expect(fonts.length, path).toBeLessThanOrEqual(1);
    }
  });

  test("a Nepali page asks for the Devanagari faces its text uses, and not the English pages' subset", async ({ page }) => {
    const fonts = await fontsRequested(page, () => page.goto("/ne"));
    expect(fonts.some((font) => /noto-sans-devanagari-devanagari-400-normal-[\w-]+\.woff2$/.test(font))).toBe(true);
    expect(fonts.filter((font) => font.includes("devanagari-labels"))).toEqual([]);
  });
});

test.describe("the linked stylesheet", () => {
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    test(`arrives after the page is shown and moves nothing on it, at ${viewport.width} px`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const [story] = await publishedArticles(request, 1);
      for (const path of ["/", `/article/${encodeURIComponent(story!.slug)}`, "/category/politics", "/search?q=water", "/ne", "/about"]) {
        // The sheet and the islands' scripts held back: the page as the server's HTML draws it with its own rules.
        let releaseSheet: () => void = () => undefined;
        const held = new Promise<void>((resolve) => (releaseSheet = resolve));
        await page.route(/\/assets\/reader-[\w-]+\.css$/, async (route) => {
          await held;
          await route.continue();
        });
        const releaseIslands = await holdIslandScripts(page);
        // The load event waits for every style sheet, print ones too.
        await page.goto(path, { waitUntil: "domcontentloaded" });
        await expect(page.getByRole("banner")).toBeVisible();
        const before = { shifts: await layoutShifts(page), layout: await layout(page) };
        releaseSheet();
        await readerSheetApplied(page);
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect(await layoutShifts(page), path).toBe(before.shifts);
        expect(await layout(page), path).toBe(before.layout);
        releaseIslands();
        await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");
        await page.unroute(/\/assets\/reader-[\w-]+\.css$/);
      }
    });
  }
});
