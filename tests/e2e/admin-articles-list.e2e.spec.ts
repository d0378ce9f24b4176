import { type APIRequestContext, type Page, expect, test } from "./support/test";
import { E2E_ADMIN, type Summary, adminToken, createArticle } from "./support/article-fixtures";

/**
 * The editor's article list: filters and pages live in the address and are compared with what the
 * API returns to an admin. Only articles made here are deleted; demo articles are only read.
 */
const COLUMNS = ["Title", "Language", "Category", "Writer", "Published date", "Status", "Featured", "Actions"];
const PAGE_SIZE = 20;

async function signIn(page: Page) {
  expect((await page.request.post("/api/admin/login", { data: E2E_ADMIN })).status()).toBe(200);
}

/** What an admin gets from GET /api/news for the same filters. */
async function adminList(request: APIRequestContext, query: Record<string, string | number>): Promise<{ articles: Summary[]; total: number }> {
  const params = new URLSearchParams(Object.entries({ limit: PAGE_SIZE, ...query }).map(([k, v]) => [k, String(v)]));
  const response = await request.get(`/api/news?${params}`, { headers: { authorization: `Bearer ${await adminToken(request)}` } });
  expect(response.status()).toBe(200);
  return response.json();
}

const table = (page: Page) => page.getByRole("table", { name: "Articles" });
const bodyRows = (page: Page) => table(page).locator("tbody tr");
const titles = (page: Page) => table(page).locator("tbody th").allInnerTexts();
/** The text of one column, row by row. */
const column = (page: Page, name: string) => table(page).locator(`tbody td:nth-child(${COLUMNS.indexOf(name) + 1})`).allInnerTexts();

async function applyFilters(page: Page, filters: { search?: string; status?: string; category?: string; writer?: string }) {
  const form = page.getByRole("search", { name: "Filter articles" });
  if (filters.search !== undefined) await form.getByLabel("Search").fill(filters.search);
  if (filters.status) await form.getByLabel("Status").selectOption({ label: filters.status });
  if (filters.category) await form.getByLabel("Category").selectOption({ label: filters.category });
  if (filters.writer) await form.getByLabel("Writer").selectOption({ label: filters.writer });
  await form.getByRole("button", { name: "Apply" }).click();
}

test.describe("admin articles list", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("shows the spec's columns, 20 articles newest first and a New article button", async ({ page, request }) => {
    await page.goto("/admin/articles");
    await expect(page.getByRole("heading", { level: 1, name: "Articles" })).toBeVisible();
    await expect(table(page).getByRole("columnheader")).toHaveText(COLUMNS);
    await expect(bodyRows(page)).toHaveCount(PAGE_SIZE);
    const expected = await adminList(request, { status: "all" });
    await expect.poll(() => titles(page)).toEqual(expected.articles.map((a) => a.title));
    await expect(page.getByText(`Showing 1–20 of ${expected.total}`)).toBeVisible();
    await expect(page.getByRole("link", { name: "New article" })).toHaveAttribute("href", "/admin/articles/new");
    // Drafts are listed too, marked as such.
    await expect(table(page).getByText("Draft").first()).toBeVisible();
  });

  test("search finds a demo article by a word of its title, and the search is in the address", async ({ page }) => {
    await page.goto("/admin/articles");
    await applyFilters(page, { search: "ghost" });
    await expect(page).toHaveURL(/\/admin\/articles\?search=ghost$/);
    await expect(table(page).getByRole("rowheader", { name: "Ghost teachers: salaries still paid for staff who left years ago" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("ghost");

    // One made-up word: the search forgives typos, so real words could still find something.
    await applyFilters(page, { search: "zqxjvqwpt" });
    await expect(page.getByText("No news articles found.")).toBeVisible();
    await expect(page.getByText("Try other words, or clear the filters.")).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin\/articles$/);
    await expect(bodyRows(page)).toHaveCount(PAGE_SIZE);
  });

  test("filters work without JavaScript: a plain GET form", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await signIn(page);
    await page.goto("/admin/articles");
    await page.getByLabel("Search").fill("ghost");
    await page.getByLabel("Status").selectOption({ label: "Published" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/search=ghost&status=published/);
    await expect(table(page).getByRole("rowheader", { name: /^Ghost teachers/ })).toBeVisible();
    await context.close();
  });

  test("the Draft filter shows exactly the drafts an admin gets from the API", async ({ page, request }) => {
    await page.goto("/admin/articles");
    await applyFilters(page, { status: "Draft" });
    await expect(page).toHaveURL(/\?status=draft$/);
    const drafts = await adminList(request, { status: "draft" });
    expect(drafts.total).toBeGreaterThan(0);
    await expect(bodyRows(page)).toHaveCount(Math.min(drafts.total, PAGE_SIZE));
    await expect.poll(() => titles(page)).toEqual(drafts.articles.map((a) => a.title));
    await expect.poll(async () => new Set(await column(page, "Status"))).toEqual(new Set(["Draft"]));
  });

  test("category and writer filters, alone and together", async ({ page, request }) => {
    const categories: { id: number; name: string }[] = await (await request.get("/api/categories")).json();
    const writers: { id: number; name: string }[] = await (await request.get("/api/writers")).json();
    const politics = categories.find((c) => c.name === "Politics");
    const writer = writers.find((w) => w.name === "Kiran Bhattarai");
    expect(politics && writer).toBeTruthy();

    await page.goto("/admin/articles");
    await applyFilters(page, { category: "Politics" });
    await expect(page).toHaveURL(new RegExp(`\\?category=${politics!.id}$`));
    const byCategory = await adminList(request, { status: "all", category: politics!.id });
    expect(byCategory.total).toBeGreaterThan(0);
    await expect(bodyRows(page)).toHaveCount(Math.min(byCategory.total, PAGE_SIZE));
    await expect.poll(async () => new Set(await column(page, "Category"))).toEqual(new Set(["Politics"]));

    await page.getByRole("link", { name: "Clear filters" }).click();
    // The form is drawn again from the cleared address: choose the next filter only once it is.
    await expect(page.getByRole("link", { name: "Clear filters" })).toHaveCount(0);
    await applyFilters(page, { writer: "Kiran Bhattarai" });
    await expect(page).toHaveURL(new RegExp(`\\?writer=${writer!.id}$`));
    const byWriter = await adminList(request, { status: "all", writer: writer!.id });
    await expect.poll(() => titles(page)).toEqual(byWriter.articles.map((a) => a.title));
    await expect.poll(async () => new Set(await column(page, "Writer"))).toEqual(new Set(["Kiran Bhattarai"]));

    await applyFilters(page, { category: "Politics" });
    const both = await adminList(request, { status: "all", category: politics!.id, writer: writer!.id });
    await expect.poll(() => titles(page)).toEqual(both.articles.map((a) => a.title));
    await expect(page.getByLabel("Writer")).toHaveValue(String(writer!.id));
    await expect(page.getByLabel("Category")).toHaveValue(String(politics!.id));
  });

  test("Next and Previous keep the filters", async ({ page, request }) => {
    const published = await adminList(request, { status: "published" });
    expect(published.total).toBeGreaterThan(PAGE_SIZE);
    const secondPage = await adminList(request, { status: "published", page: 2 });

    await page.goto("/admin/articles");
    await applyFilters(page, { status: "Published" });
    // The pager of the filtered list, not the one still on screen while it loads.
    await expect(page).toHaveURL(/\?status=published$/);
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\?status=published&page=2$/);
    await expect(page.getByLabel("Status")).toHaveValue("published");
    // The URL can change a moment before the new rows are drawn: wait for the rows themselves.
    await expect.poll(() => titles(page)).toEqual(secondPage.articles.map((a) => a.title));
    await expect.poll(async () => new Set(await column(page, "Status"))).toEqual(new Set(["Published"]));
    await expect(page.getByText(`Showing 21–${20 + secondPage.articles.length} of ${published.total}`)).toBeVisible();

    await pager.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\?status=published$/);
    await expect.poll(() => titles(page)).toEqual(published.articles.map((a) => a.title));
  });

  test("deleting asks first: Cancel keeps the article, Delete removes it everywhere", async ({ page, request, playwright, baseURL }) => {
    const article = await createArticle(request, `Article to delete from the list ${Date.now()}`);
    await page.goto(`/admin/articles?search=${encodeURIComponent(article.title)}`);
    const row = table(page).getByRole("row", { name: new RegExp(article.title) });
    await expect(row).toBeVisible();

    await row.getByRole("button", { name: `Delete ${article.title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Please confirm" });
    await expect(dialog).toContainText(`Are you sure you want to delete the article "${article.title}"?`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();
    expect((await request.get(`/api/news/${article.slug}`)).status()).toBe(200);

    await row.getByRole("button", { name: `Delete ${article.title}` }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Article deleted successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    await expect(page.getByText("No news articles found.")).toBeVisible();

    const guest = await playwright.request.newContext({ baseURL });
    expect((await guest.get(`/api/news/${article.slug}`)).status()).toBe(404);
    await guest.dispose();
    const asAdmin = await request.get(`/api/news/${article.slug}`, { headers: { authorization: `Bearer ${await adminToken(request)}` } });
    expect(asAdmin.status()).toBe(404);
  });

  test("a delete the server refuses closes the dialog, says why and keeps the row; on a phone each cell names its column", async ({ allowConsoleErrors, page, request }) => {
    // The server is made to refuse the delete: the browser logs it.
    allowConsoleErrors(/status of 500/);
    const article = await createArticle(request, `Article whose delete fails ${Date.now()}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/articles?search=${encodeURIComponent(article.title)}`);
    const row = table(page).getByRole("row", { name: new RegExp(article.title) });
    await expect(row.getByRole("cell").first()).toHaveAttribute("data-label", "Language");
    await expect(row.locator("td[data-label='Published date'] time")).toBeVisible();

    await page.route(/\/api\/news\//, (route) => (route.request().method() === "DELETE" ? route.fulfill({ status: 500, json: { error: "Database unavailable" } }) : route.fallback()));
    await row.getByRole("button", { name: `Delete ${article.title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Please confirm" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").getByText("Database unavailable", { exact: true })).toBeVisible();
    await expect(row).toBeVisible();
    await page.unroute(/\/api\/news\//);
    const cleanup = await request.delete(`/api/news/${encodeURIComponent(article.slug)}`, { headers: { authorization: `Bearer ${await adminToken(request)}` } });
    expect(cleanup.status()).toBe(200);
  });

  test("each row links to its edit page and to an admin preview", async ({ page }) => {
    await page.goto("/admin/articles?search=ghost");
    const title = "Ghost teachers: salaries still paid for staff who left years ago";
    const row = table(page).getByRole("row", { name: new RegExp(title) });
    const preview = row.getByRole("link", { name: `Preview ${title} (opens in a new tab)` });
    await expect(preview).toHaveAttribute("href", /^\/article\/[^?]+\?preview$/);
    const slug = (await preview.getAttribute("href"))!.replace(/^\/article\/|\?preview$/g, "");

    await row.getByRole("link", { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(`/admin/articles/edit/${slug}`);
  });
});
