/**
 * The back office's tables at the widths editors use them, from a phone to a wide desktop: a row's
 * actions are always in reach, and nothing has to be scrolled sideways, also while a row is being
 * edited in place. Between the widths where a table fits and where its rows become cards, the
 * table's own room decides (the sidebar takes part of a desktop's).
 */
import { type Page, expect, test } from "./support/test";
import { signInAsAdmin } from "./support/admin";

/** Someone whose address and name are longer than most: they must wrap, not widen the table. */
const LONG_EMAIL = `investigations-desk-correspondent-${Date.now()}@a-rather-long-newsroom-domain.example`;

test.beforeAll(async ({ request }) => {
  const response = await request.post("/api/users/register", {
    data: { name: "Bishnu Prasad Dhungana Chhetri Sharma", email: LONG_EMAIL, password: "reader-password-1" },
  });
  expect(response.status()).toBe(201);
});

const SCREENS = ["articles", "categories", "tags", "writers", "users", "comments"];
const WIDTHS = [390, 768, 1024, 1100, 1280, 1536];

/** How far the page, and each table's frame, would scroll sideways: 0 where everything fits. */
async function sideways(page: Page): Promise<number[]> {
  return page.evaluate(() => [
    document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ...[...document.querySelectorAll("table")].map((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth),
  ]);
}

/** The right edge of a row's last button, against the window's width. */
async function expectInReach(page: Page, width: number, where: string) {
  const lastButton = page.locator("table tbody tr").first().getByRole("button").last();
  await expect(lastButton, where).toBeVisible();
  const box = (await lastButton.boundingBox())!;
  expect(box.x + box.width, where).toBeLessThanOrEqual(width);
}

for (const prefix of ["", "/ne"]) {
  test(`every table fits its room at every width${prefix ? " in Nepali" : ""}`, async ({ page }) => {
    await signInAsAdmin(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const screen of SCREENS) {
        const where = `${prefix}/admin/${screen} at ${width} px`;
        await page.goto(`${prefix}/admin/${screen}`);
        await expect(page.locator("table tbody tr").first(), where).toBeVisible();
        if (screen === "users") await expect(page.getByRole("cell", { name: LONG_EMAIL }), where).toBeVisible();
        expect(await sideways(page), where).toEqual([0, 0]);
        await expectInReach(page, width, where);
      }
    }
  });
}

test("a row edited in place keeps its Save and Cancel in reach, beside the sidebar and on a tablet", async ({ page }) => {
  await signInAsAdmin(page);
  for (const width of [768, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/ne/admin/categories", "/ne/admin/users", "/admin/users"]) {
      const where = `${path} at ${width} px`;
      await page.goto(path);
      await page.locator("table tbody tr").first().getByRole("button").first().click();
      const cancel = page.locator("table tbody tr").first().getByRole("button").last();
      await expect(cancel, where).toHaveText(/Cancel|रद्द/);
      expect(await sideways(page), where).toEqual([0, 0]);
      await expectInReach(page, width, where);
    }
  }
});

/**
 * The sidebar's dark column reaches the bottom of a long page, in both themes, also in a window
 * shorter than the sidebar's own contents, whose last control stays reachable. Measured at the top
 * of the page: a column as tall as the window only looks right once it is stuck to a scrolled page.
 */
for (const colorScheme of ["light", "dark"] as const) {
  test(`the sidebar runs the page's whole length (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await signInAsAdmin(page);
    for (const viewport of [{ width: 1280, height: 600 }, { width: 1024, height: 800 }]) {
      await page.setViewportSize(viewport);
      for (const path of ["/admin/dashboard", "/admin/writers"]) {
        const where = `${path} at ${viewport.width}×${viewport.height} (${colorScheme})`;
        await page.goto(path);
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark")), where).toBe(colorScheme === "dark");
        const sidebar = page.getByRole("complementary");
        const { bottom, pageHeight, windowHeight, ground } = await sidebar.evaluate((aside) => ({
          bottom: aside.getBoundingClientRect().bottom + window.scrollY,
          pageHeight: document.documentElement.scrollHeight,
          windowHeight: window.innerHeight,
          ground: getComputedStyle(aside).backgroundColor,
        }));
        expect(pageHeight, `${where}: a long page`).toBeGreaterThan(windowHeight);
        expect(bottom, where).toBe(pageHeight);
        expect(ground, where).not.toBe("rgba(0, 0, 0, 0)");

        const lastControl = sidebar.getByRole("link").or(sidebar.getByRole("button")).last();
        await lastControl.scrollIntoViewIfNeeded();
        await expect(lastControl, where).toBeInViewport({ ratio: 1 });
      }
    }
  });
}
