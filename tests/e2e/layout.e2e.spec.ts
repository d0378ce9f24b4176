/** The frame around every reader page: theme, clock, header, menus, images (docs/product.md#the-reader-site, #how-things-change, #messages-and-notifications and #limits-and-constants). */
import sharp from "sharp";
import { expect, test } from "./support/test";
import { settled } from "./support/settled";

test.describe("theme", () => {
  test("follows the system preference until the reader chooses, then keeps the choice across reloads", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);

    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(page.locator("html")).not.toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");

    // The stored choice wins over the system preference, from the first paint of the next load.
    await page.reload();
    await expect(page.locator("html")).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  });

  test("is set before the page is drawn: no flash of the wrong theme", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    // Record the class at the first point scripts can see the body, before React hydrates.
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { firstPaintDark: boolean }).firstPaintDark = document.documentElement.classList.contains("dark");
      });
    });
    await page.goto("/");
    expect(await page.evaluate(() => (window as unknown as { firstPaintDark: boolean }).firstPaintDark)).toBe(true);
  });
});

test("the clock shows Nepal time with a Nepali weekday, ticking every second", async ({ page }) => {
  await page.clock.install({ time: new Date("2026-11-22T18:14:00Z") });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/");
  // Time flows after install; stop it at a known second to read the clock.
  await page.clock.pauseAt(new Date("2026-11-22T18:14:58Z"));
  const clock = page.getByTestId("clock");
  // 18:14:58 UTC is 23:59:58 in Kathmandu (UTC+5:45) on Sunday.
  await expect(clock).toHaveText("आइतबार, 22 Nov 2026 23:59:58");
  await page.clock.runFor(2000);
  await expect(clock).toHaveText("सोमबार, 23 Nov 2026 00:00:00");
});

test("the header changes style after 50 px of scroll", async ({ page }) => {
  await page.goto("/");
  const header = page.locator("header[data-scrolled]");
  await expect(header).toHaveAttribute("data-scrolled", "false");
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute("data-scrolled", "true");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-scrolled", "false");
});

test("desktop navigation has the Nepali Home link and one link per category", async ({ page, request }) => {
  const categories = (await (await request.get("/api/categories")).json()) as { name: string; slug: string }[];
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "गृहपृष्ठ" })).toHaveAttribute("href", "/");
  for (const category of categories) {
    await expect(nav.getByRole("link", { name: category.name, exact: true })).toHaveAttribute("href", `/category/${category.slug}`);
  }
});

test("the phone menu lists Home and the categories, and opens before any script has run", async ({ browser, request, baseURL }) => {
  const categories = (await (await request.get("/api/categories")).json()) as { name: string; slug: string }[];
  // A slow phone may still be loading the scripts: the menu is a disclosure the browser opens itself.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/");
  const menu = page.locator("#mobile-menu");
  await expect(menu).toBeHidden();
  await page.getByText("Menu", { exact: true }).or(page.getByLabel("Menu", { exact: true })).first().click();
  await expect(menu.getByRole("link", { name: "Home" })).toBeVisible();
  await expect(menu.getByRole("link")).toHaveCount(categories.length + 1);
  await menu.getByRole("link", { name: categories[0]!.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/category/${categories[0]!.slug}$`));
  await expect(page.locator("#mobile-menu")).toBeHidden();
  await context.close();
});

test("a card's thumbnail starts at the card's edge, at a phone's width and a desktop's", async ({ page }) => {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/", "/category/politics", "/search?q=contract"]) {
      await page.goto(path);
      // A card laid out as a row whose first thing is its picture (cards, Latest News, Opinion).
      const offsets = await page.locator("main article").evaluateAll((cards) =>
        cards.flatMap((card) => {
          const first = card.firstElementChild;
          const image = first?.matches("img") ? first : first?.matches("picture, a") ? first.querySelector(":scope > img, :scope > picture > img") : null;
          if (!image || getComputedStyle(card).display !== "flex" || getComputedStyle(card).flexDirection !== "row") return [];
          return [Math.round(image.getBoundingClientRect().left - card.getBoundingClientRect().left)];
        }),
      );
      expect(offsets.length, `cards with a thumbnail on ${path} at ${width} px`).toBeGreaterThan(0);
      expect(offsets.filter((offset) => offset !== 0), `thumbnails set in from their card's edge on ${path} at ${width} px`).toEqual([]);
    }
  }
});

test("a broken image falls back to /placeholder.jpg", async ({ allowConsoleErrors, page }) => {
  // The pictures are made to be missing: the browser logs it.
  allowConsoleErrors(/status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+\/uploads\//);
  // Every format a picture offers: a browser that finds its AVIF never asks for the JPEG.
  await page.route(/\/uploads\/.*\.(jpg|png|webp|avif)$/, (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/");
  const image = page.locator("main img").first();
  await expect(image).toHaveAttribute("src", "/placeholder.jpg");
});

test("the placeholder is a dark box in the dark theme, a light one in the light theme", async ({ allowConsoleErrors, page }) => {
  allowConsoleErrors(/status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+\/uploads\//);
  await page.route(/\/uploads\/.*\.(jpg|png|webp|avif)$/, (route) => route.fulfill({ status: 404, body: "" }));
  /** The placeholder as the reader sees it: the mean of its drawn pixels, 0 black to 255 white. */
  const drawnBrightness = async () => {
    const image = page.locator("main img").first();
    await expect(image).toHaveAttribute("src", "/placeholder.jpg");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const { channels } = await sharp(await image.screenshot()).stats();
    return channels[0]!.mean;
  };
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
  expect(await drawnBrightness()).toBeLessThan(80);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await expect(page.locator("html")).not.toHaveClass(/(^|\s)dark(\s|$)/);
  expect(await drawnBrightness()).toBeGreaterThan(180);
});

test("page titles follow the route", async ({ allowConsoleErrors, page }) => {
  // The missing page is answered 404: the browser logs it.
  allowConsoleErrors(/status of 404/);
  await page.goto("/");
  await expect(page).toHaveTitle(/independent investigative journalism/i);
  await page.goto("/news");
  await expect(page).toHaveTitle(/All News/);
  await page.goto("/login");
  await expect(page).toHaveTitle(/Login/);
  await page.goto("/no-such-page");
  await expect(page).toHaveTitle(/Page Not Found/);
});

test("no page asks any other site for anything", async ({ page, request, baseURL }) => {
  const article = (await (await request.get("/api/news?limit=1")).json()).articles[0] as { slug: string };
  const ours = new URL(baseURL!).origin;
  const foreign: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.protocol !== "data:" && url.origin !== ours) foreign.push(req.url());
  });
  for (const path of ["/", `/article/${encodeURIComponent(article.slug)}`, "/category/politics", "/news", "/search?q=budget", "/login"]) {
    await page.goto(path, { waitUntil: "networkidle" });
  }
  expect(foreign).toEqual([]);
});

test("a link followed in place shows the route loading indicator, and keeps the page's script running", async ({ page }) => {
  await settled(page, "/");
  // Hold the next page for a moment so the indicator has time to show.
  await page.route(/\/news$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fallback();
  });
  // A whole page load would wipe this marker; a page shown in place keeps it.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await page.getByRole("contentinfo").getByRole("link", { name: "All News" }).click();
  await expect(page.getByRole("progressbar")).toBeVisible();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1, name: "All News" })).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  await expect(page).toHaveTitle(/All News/);
  // Back shows the page before, in place too.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("region", { name: "Top stories" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});

test("notifications disappear after 3 seconds", async ({ page, request }) => {
  const email = `notify-${Date.now()}@layout.e2e.example`;
  await request.post("/api/users/register", { data: { name: "Notified Reader", email, password: "correct horse battery" } });
  const article = (await (await request.get("/api/news?limit=1")).json()).articles[0] as { slug: string };
  await page.clock.install();
  await page.goto("/login");
  await page.getByRole("main").getByLabel("Email Address", { exact: true }).fill(email);
  await page.getByRole("main").getByLabel("Password", { exact: true }).fill("correct horse battery");
  await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/article/${encodeURIComponent(article.slug)}`);
  await page.getByRole("textbox", { name: /comment/i }).fill("Thank you for this reporting.");
  // The page's clock stops before the comment is sent, so that the notice's 3 s pass on it alone:
  // neither a loaded machine nor waiting in the assertions below can move it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
  await page.getByRole("button", { name: /post comment/i }).click();
  const notice = page.getByText("Comment submitted successfully! It will be visible after approval.");
  await expect(notice).toBeVisible();
  await page.clock.runFor(2900);
  await expect(notice).toBeVisible();
  await page.clock.runFor(200);
  await expect(notice).toHaveCount(0);
});
