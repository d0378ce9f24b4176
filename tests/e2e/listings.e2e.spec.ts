import { type APIRequestContext, type Locator, type Page, expect, request as playwrightRequest, test } from "./support/test";
import { settled } from "./support/settled";

/** Listings: category, All News, writer and tag pages, their pagination, and the category page's errors. */

interface Summary {
  id: number;
  tags: { slug: string }[];
  title: string;
  slug: string;
  published_at: string;
  is_published: boolean;
  category_name: string;
  writer_name: string;
}
interface ArticleList {
  articles: Summary[];
  total: number;
}
interface Category {
  id: number;
  name: string;
  slug: string;
  description: string;
}

const PAGE_SIZE = 12;

/** A bearer token for the demo admin, signed in from a context of its own: `request` stays a guest. */
async function adminToken(): Promise<string> {
  const context = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const response = await context.post("/api/admin/login", {
    data: { username: "admin@e2e.example", password: "e2e-admin-password" },
  });
  expect(response.ok()).toBe(true);
  const { token } = (await response.json()) as { token: string };
  await context.dispose();
  return token;
}

async function getJson<T>(request: APIRequestContext, path: string, token?: string): Promise<T> {
  const response = await request.get(path, token ? { headers: { authorization: `Bearer ${token}` } } : undefined);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

/** The titles of the article cards inside `scope`, in page order. */
async function cardTitles(scope: Locator | Page): Promise<string[]> {
  return (await scope.getByRole("article").getByRole("heading").allTextContents()).map((t) => t.trim());
}

const latestStories = (page: Page) => page.getByRole("region", { name: "Latest stories" });
const pagination = (page: Page) => page.getByRole("navigation", { name: "Pagination" });

test.describe("category page", () => {
  test("shows the category's name, description and only its published articles", async ({ page, request }) => {
    const categories = await getJson<Category[]>(request, "/api/categories");
    const politics = categories.find((c) => c.name === "Politics")!;
    const expected = await getJson<ArticleList>(request, `/api/news?category=${politics.id}&limit=${PAGE_SIZE}&edition=en`);

    const response = await page.goto(`/category/${politics.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Politics");
    await expect(page.getByRole("heading", { level: 1, name: "Politics" })).toBeVisible();
    await expect(page.getByText(politics.description)).toBeVisible();
    expect(await cardTitles(latestStories(page))).toEqual(expected.articles.map((a) => a.title));
    await expect(latestStories(page).getByRole("article").first()).toContainText("Politics");
  });

  test("has an Opinion box of at most 3 published Opinion articles, and the placeholders", async ({ page, request }) => {
    const categories = await getJson<Category[]>(request, "/api/categories");
    const opinion = categories.find((c) => c.name === "Opinion")!;
    const latestOpinion = await getJson<ArticleList>(request, `/api/news?category=${opinion.id}&limit=3&edition=en`);

    await page.goto("/category/economy");
    const box = page.getByRole("region", { name: "Opinion" });
    const titles = await cardTitles(box);
    expect(titles.length).toBeLessThanOrEqual(3);
    expect(titles).toEqual(latestOpinion.articles.map((a) => a.title));
    await expect(page.getByRole("region", { name: "Upcoming Events" })).toContainText("Coming soon");
    await expect(page.getByRole("region", { name: "Highlights" })).toContainText("Coming soon");
    await expect(page.getByText("Advertisement", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Subscribe" })).toBeVisible();
  });

  test.describe("with more than one page of articles", () => {
    // A category of our own, so that no other test's data changes; removed afterwards.
    const stamp = Date.now();
    const name = `Listings Desk ${stamp}`;
    let token = "";
    let category: Category;
    const slugs: string[] = [];
    /** Oldest first: article i is published on day i. */
    const titles = Array.from({ length: PAGE_SIZE + 1 }, (_, i) => `Listings pager story ${String(i + 1).padStart(2, "0")} ${stamp}`);
    const draftTitle = `Listings pager draft ${stamp}`;

    test.beforeAll(async ({ request }) => {
      token = await adminToken();
      const headers = { authorization: `Bearer ${token}` };
      const created = await request.post("/api/categories", { headers, data: { name, description: "A desk made by the listings tests." } });
      expect(created.status()).toBe(201);
      category = (await created.json()) as Category;
      const writers = await getJson<{ id: number }[]>(request, "/api/writers");
      const articles = [
        ...titles.map((title, i) => ({ title, is_published: "true", published_at: new Date(Date.UTC(2001, 0, i + 1)).toISOString() })),
        { title: draftTitle, is_published: "false", published_at: new Date(Date.UTC(2001, 1, 1)).toISOString() },
      ];
      for (const article of articles) {
        const response = await request.post("/api/news", {
          headers,
          data: { ...article, content: `<p>${article.title}: body text for the pager test.</p>`, writer_id: writers[0]!.id, category_id: category.id },
        });
        expect(response.status()).toBe(201);
        slugs.push(((await response.json()) as { slug: string }).slug);
      }
    });

    test.afterAll(async ({ request }) => {
      const headers = { authorization: `Bearer ${token}` };
      for (const slug of slugs) await request.delete(`/api/news/${encodeURIComponent(slug)}`, { headers });
      if (category) await request.delete(`/api/categories/${category.id}`, { headers });
    });

    const newestFirst = () => [...titles].reverse();

    test("pages through with Next and Previous, leaving drafts out", async ({ page }) => {
      await page.goto(`/category/${category.slug}`);
      expect(await cardTitles(latestStories(page))).toEqual(newestFirst().slice(0, PAGE_SIZE));
      await expect(pagination(page).getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");

      await pagination(page).getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(/\?page=2$/);
      await expect(latestStories(page).getByRole("article")).toHaveCount(1);
      expect(await cardTitles(latestStories(page))).toEqual(newestFirst().slice(PAGE_SIZE));
      await expect(pagination(page).getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByText(draftTitle)).toHaveCount(0);

      await pagination(page).getByRole("link", { name: "Previous" }).click();
      await expect(page).toHaveURL(new RegExp(`/category/${category.slug}$`));
      await expect(latestStories(page).getByRole("article")).toHaveCount(PAGE_SIZE);
    });

    test("pagination is made of real links that work without JavaScript", async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/category/${category.slug}`);
      const next = pagination(page).getByRole("link", { name: "Next" });
      await expect(next).toHaveAttribute("rel", "next");
      await next.click();
      await expect(page).toHaveURL(/\?page=2$/);
      expect(await cardTitles(latestStories(page))).toEqual(newestFirst().slice(PAGE_SIZE));
      await expect(pagination(page).getByRole("link", { name: "Previous" })).toHaveAttribute("rel", "prev");
      await context.close();
    });

    test("a page past the end shows the empty state, not an error", async ({ page }) => {
      const response = await page.goto(`/category/${category.slug}?page=9`);
      expect(response?.status()).toBe(200);
      await expect(page.getByText("No articles found in this category yet. Check back later!")).toBeVisible();
      await pagination(page).getByRole("link", { name: "Previous" }).click();
      await expect(page).toHaveURL(/\?page=2$/);
    });
  });

  test("an unknown category answers 404 under 'Oops, something went wrong!'", async ({ allowConsoleErrors, page }) => {
    // The unknown category is answered 404: the browser logs it.
    allowConsoleErrors(/status of 404/);
    const response = await page.goto("/category/no-such-category");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Oops, something went wrong!" })).toBeVisible();
    await expect(page.getByText("Category not found")).toBeVisible();
    const links = page.getByRole("navigation", { name: "Browse categories" });
    await links.getByRole("link", { name: "Economy" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Economy" })).toBeVisible();
  });

  test("no category in the URL says 'No category specified', with a Back to Home link", async ({ allowConsoleErrors, page }) => {
    // The address without a category is answered 400: the browser logs it.
    allowConsoleErrors(/status of 400/);
    const response = await page.goto("/category/");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1, name: "Oops, something went wrong!" })).toBeVisible();
    await expect(page.getByText("No category specified")).toBeVisible();
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a page that cannot be shown in place is loaded whole: a broken answer on the way costs a reload, not the page", async ({ allowConsoleErrors, page }) => {
    // A proxy's broken answer is made up: the browser logs it.
    allowConsoleErrors(/status of 502/);
    await settled(page, "/news");
    // The in-place request meets a fault on the way (a proxy's error page); the page itself is fine.
    await page.route(/\/category\/politics$/, (route) =>
      route.request().resourceType() === "fetch" ? route.fulfill({ status: 502, body: "Bad Gateway" }) : route.fallback(),
    );
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Politics" }).click();
    await expect(page).toHaveURL(/\/category\/politics$/);
    await expect(page.getByRole("heading", { level: 1, name: "Politics" })).toBeVisible();
  });
});

test.describe("All News", () => {
  test("lists published articles only, newest first, 12 to a page", async ({ page, request }) => {
    const token = await adminToken();
    const drafts = await getJson<ArticleList>(request, "/api/news?status=draft&limit=100", token);
    expect(drafts.total).toBeGreaterThan(0);
    const published = await getJson<ArticleList>(request, `/api/news?limit=${PAGE_SIZE}&edition=en`);

    const response = await page.goto("/news");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("All News");
    await expect(page.getByRole("heading", { level: 1, name: "All News" })).toBeVisible();
    expect(await cardTitles(page)).toEqual(published.articles.map((a) => a.title));

    const dates = await page.getByRole("article").locator("time").evaluateAll((times) => times.map((t) => t.getAttribute("datetime")!));
    expect(dates).toEqual([...dates].sort().reverse());
    for (const draft of drafts.articles) expect(await cardTitles(page)).not.toContain(draft.title);
  });

  test("pages through every published article", async ({ page, request }) => {
    const all = await getJson<ArticleList>(request, "/api/news?limit=100&edition=en");
    const pages = Math.ceil(all.total / PAGE_SIZE);
    expect(pages).toBeGreaterThan(1);

    await page.goto("/news");
    const seen: string[] = await cardTitles(page);
    for (let n = 2; n <= pages; n++) {
      await pagination(page).getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(new RegExp(`\\?page=${n}$`));
      await expect(pagination(page).getByRole("link", { name: `Page ${n}` })).toHaveAttribute("aria-current", "page");
      seen.push(...(await cardTitles(page)));
    }
    expect(seen).toEqual(all.articles.map((a) => a.title));
    await expect(pagination(page).getByRole("link", { name: "Next" })).toHaveCount(0);
  });

  test("shows 'No news articles found.' past the last page", async ({ page }) => {
    const response = await page.goto("/news?page=500");
    expect(response?.status()).toBe(200);
    await expect(page.getByText("No news articles found.")).toBeVisible();
  });
});

test.describe("writer page", () => {
  test("shows the writer's name, e-mail, bio and published articles", async ({ page, request }) => {
    const writers = await getJson<{ id: number; name: string; email: string; bio: string | null }[]>(request, "/api/writers");
    const writer = writers.find((w) => w.bio)!;
    const articles = await getJson<ArticleList>(request, `/api/news?writer=${writer.id}&limit=${PAGE_SIZE}&edition=en`);

    const response = await page.goto(`/writer/${writer.id}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Writer Profile");
    await expect(page.getByRole("heading", { level: 1, name: writer.name })).toBeVisible();
    await expect(page.getByRole("link", { name: writer.email })).toHaveAttribute("href", `mailto:${writer.email}`);
    await expect(page.getByText(writer.bio!)).toBeVisible();
    expect(await cardTitles(page)).toEqual(articles.articles.map((a) => a.title));
    // Every card names the writer as the page does, in the page's language, whatever its story's.
    for (const card of await page.getByRole("article").all()) await expect(card).toContainText(writer.name);
  });

  test("says 'Writer not found.' with 404 for a missing or malformed id", async ({ allowConsoleErrors, page }) => {
    // Both are answered 404: the browser logs it.
    allowConsoleErrors(/status of 404/);
    for (const path of ["/writer/999999", "/writer/not-a-number"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Writer not found." })).toBeVisible();
    }
  });
});

test.describe("tag page", () => {
  test("lists the published articles that have the tag", async ({ page, request }) => {
    const tags = await getJson<{ id: number; name: string; slug: string }[]>(request, "/api/tags");
    const tag = tags.find((t) => t.name === "Corruption")!;
    const expected = await getJson<ArticleList>(request, `/api/news?tag=${tag.slug}&limit=${PAGE_SIZE}&edition=en`);
    expect(expected.articles.every((a) => a.tags.some((t) => t.slug === tag.slug))).toBe(true);

    const response = await page.goto(`/tag/${tag.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: tag.name })).toBeVisible();
    expect(await cardTitles(page)).toEqual(expected.articles.map((a) => a.title));
  });

  test("an unknown tag is a 404 that says so", async ({ allowConsoleErrors, page }) => {
    // The unknown tag is answered 404: the browser logs it.
    allowConsoleErrors(/status of 404/);
    const response = await page.goto("/tag/no-such-tag");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Tag not found" })).toBeVisible();
  });
});
