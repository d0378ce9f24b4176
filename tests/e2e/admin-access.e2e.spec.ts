import { type Page, expect, test } from "./support/test";
import { E2E_ADMIN, type Summary, signUpInBrowser } from "./support/article-fixtures";
import { adminGet, adminSend, asGuest, notification, signInAsAdmin } from "./support/admin";

/**
 * Who may enter the back office (docs/product.md#roles-and-permissions), the frame around every admin screen, and the dashboard's
 * totals. Guests and readers are checked in their own browser contexts.
 */

/** The sidebar's seven sections (docs/product.md#the-frame-and-the-sidebar), those issues 15, 17, 35 and 38 added, and the heading each screen opens with. */
const SECTIONS = [
  { link: "Dashboard", path: "/admin/dashboard", heading: "Dashboard" },
  { link: "Articles", path: "/admin/articles", heading: "Articles" },
  { link: "Review", path: "/admin/review", heading: "Stories waiting for review" },
  { link: "Documents", path: "/admin/documents", heading: "Documents" },
  { link: "Newsletter", path: "/admin/newsletter", heading: "Newsletter" },
  { link: "Categories", path: "/admin/categories", heading: "Categories" },
  { link: "Tags", path: "/admin/tags", heading: "Tags" },
  { link: "Users", path: "/admin/users", heading: "Users" },
  { link: "Comments", path: "/admin/comments", heading: "Comment Moderation" },
  { link: "Writers", path: "/admin/writers", heading: "Writers" },
  { link: "Tip line", path: "/admin/tips", heading: "Tip line inbox" },
  { link: "Audit trail", path: "/admin/audit", heading: "Audit trail" },
  { link: "Your account", path: "/admin/account", heading: "Your account" },
];

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Admin sections" });
const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });

test.describe("who may enter the back office", () => {
  test("a guest is asked to log in with the spec's message, then lands on the page asked for", async ({ page }) => {
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fusers$/);
    await expect(page.getByText("Please log in to access the admin panel.")).toBeVisible();

    const form = page.getByRole("main");
    await form.getByLabel("Email Address", { exact: true }).fill(E2E_ADMIN.username);
    await form.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
    await form.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(heading(page, "Users")).toBeVisible();
  });

  test("an unknown admin path is no way round the guard", async ({ page }) => {
    await page.goto("/admin/nope");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fnope$/);
    await expect(page.getByText("Please log in to access the admin panel.")).toBeVisible();
  });

  test("a signed-in reader is sent home and told 'Admin access required.'", async ({ page }) => {
    await signUpInBrowser(page, "Curious Reader");
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);
    await expect(notification(page, "Admin access required.")).toBeVisible();

    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/$/);
    await expect(notification(page, "Admin access required.")).toBeVisible();
    await expect(heading(page, "Users")).toHaveCount(0);
  });

  test("a signed-in admin on the public site is sent to the dashboard", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(heading(page, "Dashboard")).toBeVisible();
  });

  test("an unknown admin path, and /admin itself, lead to the dashboard", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/nope");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(heading(page, "Dashboard")).toBeVisible();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("?preview shows a draft to the admin; a guest gets Article Not Found for it", async ({ allowConsoleErrors, page, request, browser, baseURL }) => {
    // A guest is answered 404 for the draft: the browser logs it.
    allowConsoleErrors(/status of 404/);
    const {
      articles: [draft],
    } = await adminGet<{ articles: Summary[] }>(request, "/api/news?status=draft&limit=1");
    expect(draft).toBeTruthy();
    const path = `/article/${encodeURIComponent(draft!.slug)}`;

    await signInAsAdmin(page);
    await page.goto(`${path}?preview`);
    await expect(heading(page, draft!.title)).toBeVisible();
    // The admin is let stay on the public page: no redirect to the dashboard.
    await expect(page).toHaveURL(new RegExp(`${path}\\?preview$`));

    for (const address of [path, `${path}?preview`]) {
      const status = await asGuest(browser, baseURL, async (guest) => {
        const response = await guest.goto(address);
        await expect(heading(guest, "Article Not Found")).toBeVisible();
        await expect(guest.getByText(draft!.title)).toHaveCount(0);
        return response?.status();
      });
      expect(status, address).toBe(404);
    }
  });
});

test.describe("the admin frame", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("the sidebar lists the spec's seven sections, Review, the tip line, the audit trail and the account, plus Logout, and each link opens its screen", async ({ page }) => {
    await page.goto("/admin/dashboard");
    await expect(sidebar(page).getByRole("link")).toHaveText(SECTIONS.map((section) => section.link));
    await expect(sidebar(page).getByRole("button", { name: "Logout" })).toBeVisible();

    for (const section of SECTIONS) {
      await sidebar(page).getByRole("link", { name: section.link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${section.path}$`));
      await expect(heading(page, section.heading)).toBeVisible();
      await expect(sidebar(page).getByRole("link", { name: section.link, exact: true })).toHaveAttribute("aria-current", "page");
    }
  });

  test("on a phone the sections fold behind the Menu button", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/dashboard");
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(sidebar(page)).toBeHidden();
    await expect(menu).toHaveAttribute("aria-expanded", "false");

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(sidebar(page).getByRole("link")).toHaveText(SECTIONS.map((section) => section.link));
    await sidebar(page).getByRole("link", { name: "Writers" }).click();
    await expect(heading(page, "Writers")).toBeVisible();
    // Choosing a section folds the menu away again.
    await expect(sidebar(page)).toBeHidden();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
  });

  test("Logout signs the admin out", async ({ page }) => {
    await page.goto("/admin/users");
    await sidebar(page).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();

    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fusers$/);
    expect((await page.request.get("/api/users/me")).status()).toBe(401);
  });
});

test.describe("dashboard", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  /** The totals and the newsroom's queues as the API counts them for an admin. */
  async function apiTotals(request: Parameters<typeof adminGet>[0]) {
    const [articles, users, comments, categories, inReview, scheduled] = await Promise.all([
      adminGet<{ total: number }>(request, "/api/news?status=all&limit=1").then((list) => list.total),
      adminGet<unknown[]>(request, "/api/users").then((list) => list.length),
      adminGet<{ is_approved: boolean }[]>(request, "/api/comments"),
      adminGet<unknown[]>(request, "/api/categories").then((list) => list.length),
      adminGet<unknown[]>(request, "/api/review").then((list) => list.length),
      adminGet<{ total: number }>(request, "/api/news?status=scheduled&limit=1").then((list) => list.total),
    ]);
    const pending = comments.filter((comment) => !comment.is_approved).length;
    return [articles, users, comments.length, categories, inReview, scheduled, pending].map(String);
  }

  test("shows the totals of articles, users, comments and categories, and the queues, as the API counts them, and follows a change", async ({ page, request }) => {
    const before = await apiTotals(request);
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("term")).toHaveText([
      "Total articles",
      "Total users",
      "Total comments",
      "Total categories",
      "Waiting for review",
      "Scheduled",
      "Comments to moderate",
    ]);
    await expect(page.getByRole("definition")).toHaveText(before);
    await expect(page.getByRole("link", { name: "New article" })).toHaveAttribute("href", "/admin/articles/new");

    const created = await adminSend(request, "POST", "/api/categories", { name: `E2E Counted ${Date.now()}` });
    const category: { id: number } = await created.json();
    try {
      await page.reload();
      const after = await apiTotals(request);
      expect(Number(after[3])).toBe(Number(before[3]) + 1);
      await expect(page.getByRole("definition")).toHaveText(after);
    } finally {
      await adminSend(request, "DELETE", `/api/categories/${category.id}`);
    }
  });

  test("draws the stories published per day for 30 days, counting a story published today, and the most-read lists", async ({ page, request }) => {
    await page.goto("/admin/dashboard");
    const chart = page.getByRole("figure", { name: "Stories published per day, last 30 days" });
    await expect(chart).toBeVisible();
    // The same numbers for screen readers: one row per day, today's last.
    const days = chart.getByRole("table").getByRole("row").filter({ has: page.getByRole("rowheader") });
    await expect(days).toHaveCount(30);
    const todayEnglish = Number(await days.last().getByRole("cell").first().textContent());

    const created = await adminSend(request, "POST", "/api/news", {
      title: `Counted in today's bar ${Date.now()}`,
      content: "<p>Published for the dashboard's chart.</p>",
      writer_id: (await (await request.get("/api/writers")).json())[0].id,
      language: "en",
      is_published: "true",
    });
    const { slug } = (await created.json()) as { slug: string };
    try {
      await page.reload();
      await expect(days.last().getByRole("cell").first()).toHaveText(String(todayEnglish + 1));
      const mostRead = page.getByRole("region", { name: "Most Read" });
      await expect(mostRead.getByRole("heading", { level: 3 })).toHaveText(["Last 24 hours", "Last 7 days"]);
    } finally {
      await adminSend(request, "DELETE", `/api/news/${encodeURIComponent(slug)}`);
    }
  });

  test("says 'Failed to fetch dashboard stats' when the totals cannot be fetched, inside the admin frame", async ({ allowConsoleErrors, page }) => {
    // The totals' request is cut: the browser logs it.
    allowConsoleErrors(/ERR_INTERNET_DISCONNECTED/);
    await page.goto("/admin/users");
    // Opening the dashboard from another screen fetches its data; the connection drops.
    await page.route(/\/admin\/dashboard\.data/, (route) => route.abort("internetdisconnected"));
    await sidebar(page).getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to fetch dashboard stats");
    await expect(heading(page, "Dashboard")).toBeVisible();
    await expect(page.getByRole("definition")).toHaveCount(0);
    await expect(sidebar(page).getByRole("link", { name: "Users" })).toBeVisible();

    await page.unroute(/\/admin\/dashboard\.data/);
    await page.reload();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("definition")).toHaveCount(7);
  });
});
