import { type APIRequestContext, type Locator, type Page, expect, test } from "./support/test";
import { settled } from "./support/settled";

/** Journey: a reader on the home page (docs/product.md#home, its breaking-news strip and newsletter, and #limits-and-constants). */

interface Summary {
  id: number;
  slug: string;
  title: string;
  category_slug: string | null;
  is_published: boolean;
  is_featured: boolean;
}

interface Category {
  id: number;
  name: string;
  slug: string;
}

const ADMIN = { username: "admin@e2e.example", password: "e2e-admin-password" };

/** A list as the English edition (this home page) has it: each story once. */
async function newest(request: APIRequestContext, query: string): Promise<Summary[]> {
  const response = await request.get(`/api/news?edition=en&${query}`);
  expect(response.ok()).toBe(true);
  return (await response.json()).articles;
}

const articleHref = (article: { slug: string }) => `/article/${article.slug}`;

/** The article links inside a block, as the reader's browser resolved them. */
async function hrefsIn(block: Locator): Promise<string[]> {
  return block
    .getByRole("article")
    .evaluateAll((cards) =>
      cards.map((card) => new URL((card.querySelector("a[href^='/article/']") as HTMLAnchorElement).href).pathname),
    );
}

/** The path as a browser reports it: Devanagari slugs come back percent-encoded. */
const encodedPath = (href: string) => new URL(href, "http://localhost").pathname;

const ticker = (page: Page) => page.getByRole("region", { name: "Breaking News", exact: true });

/** Where the strip's first headline is drawn: it changes while the strip scrolls. */
async function tickerPosition(page: Page): Promise<number> {
  const box = await ticker(page).getByRole("link").first().boundingBox();
  if (!box) throw new Error("the first headline is not rendered");
  return box.x;
}

async function movesWithin(page: Page, ms: number): Promise<boolean> {
  const before = await tickerPosition(page);
  await page.waitForTimeout(ms);
  return (await tickerPosition(page)) !== before;
}

test.describe("a reader on the home page", () => {
  test("sees every block, each with the right articles and counts", async ({ page, request }) => {
    const [latest, [featured], categories] = await Promise.all([
      newest(request, "limit=8"),
      newest(request, "is_featured=true&limit=1"),
      request.get("/api/categories").then((r) => r.json() as Promise<Category[]>),
    ]);
    expect(latest).toHaveLength(8);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Independent investigative journalism/);

    // Ticker: the top 5 published articles, each once (the loop's repeated copy is hidden).
    const tickerLinks = ticker(page).getByRole("link");
    await expect(tickerLinks).toHaveCount(5);
    const tickerHrefs = await tickerLinks.evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(new Set(tickerHrefs).size).toBe(5);
    expect(tickerHrefs).toEqual(latest.slice(0, 5).map((a) => encodedPath(articleHref(a))));

    // Three lead articles, the newest; the first is the hero, loaded eagerly, the rest lazily.
    const leads = page.getByRole("region", { name: "Top stories" });
    await expect(page.getByRole("heading", { level: 1, name: "Top stories" })).toBeAttached();
    expect(await hrefsIn(leads)).toEqual(latest.slice(0, 3).map((a) => encodedPath(articleHref(a))));
    const images = page.getByRole("main").locator("img");
    await expect(images.first()).toHaveAttribute("loading", "eager");
    await expect(images.first()).toHaveAttribute("fetchpriority", "high");
    const lazy = await images.evaluateAll((all) => all.slice(1).every((img) => img.getAttribute("loading") === "lazy"));
    expect(lazy).toBe(true);

    // Latest News: five more, newest first.
    const latestNews = page.getByRole("region", { name: "Latest News", exact: true });
    expect(await hrefsIn(latestNews)).toEqual(latest.slice(3, 8).map((a) => encodedPath(articleHref(a))));

    // Special report: the newest featured article.
    expect(featured?.is_featured).toBe(true);
    const special = page.getByRole("region", { name: "Special Report" });
    expect(await hrefsIn(special)).toEqual([encodedPath(articleHref(featured!))]);

    // One section per category with articles, up to 3 of its newest, its heading linking to the category.
    let sections = 0;
    for (const category of categories.filter((c) => c.name !== "Opinion")) {
      const expected = await newest(request, `category=${category.slug}&limit=3`);
      const section = page.getByRole("region", { name: category.name, exact: true });
      if (expected.length === 0) {
        await expect(section).toHaveCount(0);
        continue;
      }
      sections += 1;
      await expect(section.getByRole("heading", { level: 2 }).getByRole("link", { name: category.name })).toHaveAttribute(
        "href",
        `/category/${category.slug}`,
      );
      const hrefs = await hrefsIn(section);
      expect(hrefs.length).toBeLessThanOrEqual(3);
      expect(hrefs).toEqual(expected.map((a) => encodedPath(articleHref(a))));
    }
    expect(sections).toBeGreaterThan(0);

    // Opinion: up to 3, all from the Opinion category.
    const opinion = page.getByRole("region", { name: "Opinion", exact: true });
    const opinionHrefs = await hrefsIn(opinion);
    expect(opinionHrefs.length).toBeGreaterThan(0);
    expect(opinionHrefs.length).toBeLessThanOrEqual(3);
    const opinionArticles = await newest(request, "category=opinion&limit=50");
    expect(opinionArticles.every((a) => a.category_slug === "opinion")).toBe(true);
    expect(opinionHrefs).toEqual(opinionArticles.slice(0, 3).map((a) => encodedPath(articleHref(a))));

    await expect(page.getByText("Advertisement", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Get our investigations by e-mail" })).toBeVisible();
  });

  test("never sees a draft, even among the newest articles", async ({ page, request }) => {
    const login = await request.post("/api/admin/login", { data: ADMIN });
    expect(login.status()).toBe(200);
    const { token } = await login.json();
    const draftsResponse = await request.get("/api/news?status=draft&limit=50", { headers: { authorization: `Bearer ${token}` } });
    const drafts: Summary[] = (await draftsResponse.json()).articles;
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((draft) => !draft.is_published)).toBe(true);

    await page.goto("/");
    const onPage = await page
      .locator("a[href^='/article/']")
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(onPage.length).toBeGreaterThan(20);
    const draftHrefs = new Set(drafts.map((draft) => encodedPath(articleHref(draft))));
    expect(onPage.filter((href) => draftHrefs.has(href))).toEqual([]);
    for (const draft of drafts) await expect(page.getByText(draft.title, { exact: true })).toHaveCount(0);
  });

  test("watches the breaking-news strip scroll, pause on hover, focus and the pause button, and carry on", async ({ page }) => {
    await page.goto("/");
    const strip = ticker(page);
    const pause = strip.getByRole("button", { name: "Pause breaking news" });
    await expect(pause).toBeVisible();
    expect(await movesWithin(page, 400)).toBe(true);

    await strip.hover();
    await page.waitForTimeout(100);
    expect(await movesWithin(page, 500)).toBe(false);
    await page.mouse.move(5, 600);
    expect(await movesWithin(page, 400)).toBe(true);

    await strip.getByRole("link").first().focus();
    expect(await movesWithin(page, 500)).toBe(false);
    await expect(strip.getByRole("link").first()).toBeInViewport();
    await pause.focus();
    expect(await movesWithin(page, 400)).toBe(true);

    await pause.click();
    await expect(pause).toHaveAttribute("aria-pressed", "true");
    await page.mouse.move(5, 600);
    expect(await movesWithin(page, 500)).toBe(false);
    await pause.click();
    await expect(pause).toHaveAttribute("aria-pressed", "false");
    await page.mouse.move(5, 600);
    expect(await movesWithin(page, 400)).toBe(true);
  });

  test("who prefers reduced motion gets a still strip that scrolls by hand", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const strip = ticker(page);
    await expect(strip.getByRole("link")).toHaveCount(5);
    await expect(strip.getByRole("listitem")).toHaveCount(5);
    await page.waitForTimeout(300);
    expect(await movesWithin(page, 600)).toBe(false);
    await expect(strip.getByRole("button", { name: "Pause breaking news" })).toHaveCount(0);
  });

  test("signs up for the newsletter and then for another address", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("region", { name: "Get our investigations by e-mail" });
    const email = form.getByRole("textbox", { name: "Email Address" });
    const subscribe = form.getByRole("button", { name: "Subscribe", exact: true });

    await subscribe.click();
    await expect(form.getByRole("alert")).toHaveText("Please enter your email address");
    await email.fill("reader-at-example");
    await subscribe.click();
    await expect(form.getByRole("alert")).toHaveText("Please enter a valid email address");

    await email.fill(`reader-${Date.now()}@example.com`);
    await subscribe.click();
    await expect(form.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
    await expect(form.getByRole("status")).toContainText("Thank you for subscribing!");
    await expect(form.getByRole("alert")).toHaveCount(0);

    await form.getByRole("button", { name: "Subscribe another email" }).click();
    await expect(email).toHaveValue("");
    await expect(subscribe).toBeEnabled();
  });

  test("opens a lead article in place, whose islands come alive, without console errors", async ({ page }) => {
    // The shared fixture fails the test on any uncaught or logged error (support/test.ts).
    await settled(page, "/");
    const lead = page.getByRole("region", { name: "Top stories" }).getByRole("heading", { level: 2 }).first().getByRole("link");
    const title = (await lead.textContent())?.trim() ?? "";
    expect(title).not.toBe("");
    // A whole page load would wipe this marker; a page shown in place keeps it.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await lead.click();
    await expect(page).toHaveURL(/\/article\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // The article's islands hydrate in their turn.
    await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");
    await expect(page.getByRole("group", { name: "Article tools" }).getByRole("link", { name: "Share" })).toBeVisible();
  });

  test("paints before asking for its scripts, which come at low priority and bring its islands to life", async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const priorities = new Map<string, string>();
    cdp.on("Network.requestWillBeSent", ({ request }) => {
      const path = new URL(request.url).pathname;
      if (path.startsWith("/assets/") && path.endsWith(".js")) priorities.set(path, request.initialPriority);
    });
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    expect(paint).not.toBeNull();
    // React, the islands and the page's texts at least.
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const script of scripts) expect(script.start, script.path).toBeGreaterThanOrEqual(paint!);
    expect([...priorities.keys()].sort()).toEqual(scripts.map((script) => script.path).sort());
    for (const [path, priority] of priorities) expect(priority, path).toBe("Low");
  });

  test("without JavaScript still sees the headlines, the strip as a list, and can open an article", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(ticker(page).getByRole("link")).toHaveCount(5);
    await expect(page.getByRole("region", { name: "Top stories" }).getByRole("article")).toHaveCount(3);
    const latest = page.getByRole("region", { name: "Latest News", exact: true });
    const href = await latest.getByRole("article").first().getByRole("link").first().getAttribute("href");
    expect(href).toMatch(/^\/article\//);
    const response = await page.goto(href!);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
    await context.close();
  });

  test("who follows a dead link gets a 404 page that leads back home", async ({ allowConsoleErrors, page }) => {
    // The dead link is answered 404: the browser logs it.
    allowConsoleErrors(/status of 404/);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(ticker(page)).toBeVisible();
  });

  test("the admin can sign in through the API from the home page", async ({ page }) => {
    await page.goto("/");
    // The page asks for its session after hydration. Signing in before it has answered would
    // let it see the admin and, rightly (docs/product.md#roles-and-permissions), send them on to the dashboard mid-test.
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
    const result = await page.evaluate(async (admin) => {
      const login = await fetch("/api/admin/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(admin),
      });
      const me = await fetch("/api/users/me");
      return { login: login.status, me: me.status, role: (await me.json()).role };
    }, ADMIN);
    expect(result).toEqual({ login: 200, me: 200, role: "admin" });
  });
});
