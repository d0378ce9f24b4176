import { type Browser, type Page, expect, test } from "./support/test";
import { E2E_ADMIN } from "./support/article-fixtures";

/**
 * Categories and tags share one screen shape: add at the top, edit in place, delete after a
 * question. Every test works on records it creates; the demo's are only used to provoke a clash.
 */
async function signIn(page: Page) {
  expect((await page.request.post("/api/admin/login", { data: E2E_ADMIN })).status()).toBe(200);
}

const addForm = (page: Page, heading: string) => page.getByRole("form", { name: heading });
const rowOf = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

/** The public navigation as a guest sees it, in a context that shares nothing with the admin's. */
async function guestNavigation(browser: Browser, baseURL: string | undefined, path = "/") {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(path);
  const links = await page
    .getByRole("navigation", { name: path.startsWith("/ne") ? "मुख्य मेनु" : "Main" })
    .first()
    .getByRole("link")
    .allInnerTexts();
  await context.close();
  return links.map((text) => text.trim());
}

test.describe("admin categories", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/categories");
  });

  test("add: a blank name is refused with the spec's message; a valid one is added and shows in the site's navigation", async ({
    page,
    browser,
    baseURL,
  }) => {
    const form = addForm(page, "Add a category");
    await form.getByLabel("Name in English").fill("   ");
    await form.getByRole("button", { name: "Add category" }).click();
    await expect(form.getByRole("alert")).toHaveText("Category name is required");

    const name = `E2E Beat ${Date.now()}`;
    await form.getByLabel("Name in English").fill(name);
    await form.getByLabel("Description in English").fill("Made by a browser test.");
    await form.getByRole("button", { name: "Add category" }).click();
    await expect(page.getByText("Category created successfully")).toBeVisible();
    const row = rowOf(page, name);
    await expect(row).toContainText(name.toLowerCase().replaceAll(" ", "-"));
    await expect(row).toContainText("Made by a browser test.");
    await expect(form.getByLabel("Name in English")).toHaveValue("");
    await expect(form.getByRole("alert")).toHaveCount(0);

    expect(await guestNavigation(browser, baseURL)).toContain(name);

    // Clean up through the screen, and the guest's navigation follows.
    await row.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Category deleted successfully")).toBeVisible();
    expect(await guestNavigation(browser, baseURL)).not.toContain(name);
  });

  test("a slug that is taken gets the server's message", async ({ allowConsoleErrors, page }) => {
    // The taken slug is refused (409): the browser logs it.
    allowConsoleErrors(/status of 409/);
    const form = addForm(page, "Add a category");
    await form.getByLabel("Name in English").fill("Politics");
    await form.getByRole("button", { name: "Add category" }).click();
    await expect(page.getByText("A category with this slug already exists")).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "Politics", exact: true })).toHaveCount(1);
  });

  test("inline edit: Enter saves a new name, Escape cancels, and focus returns to Edit", async ({ page }) => {
    const name = `E2E Desk ${Date.now()}`;
    const form = addForm(page, "Add a category");
    await form.getByLabel("Name in English").fill(name);
    await form.getByRole("button", { name: "Add category" }).click();
    await expect(page.getByText("Category created successfully")).toBeVisible();
    const slug = name.toLowerCase().replaceAll(" ", "-");

    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const nameField = page.getByRole("textbox", { name: "Name in English", exact: true }).last();
    await expect(nameField).toBeFocused();
    await expect(nameField).toHaveValue(name);
    await nameField.fill("Changed my mind");
    await nameField.press("Escape");
    await expect(page.getByRole("button", { name: `Edit ${name}` })).toBeFocused();
    await expect(rowOf(page, name)).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "Changed my mind" })).toHaveCount(0);

    const renamed = `${name} renamed`;
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    await nameField.fill(renamed);
    await page.getByRole("textbox", { name: "Description in English" }).last().fill("Renamed in place.");
    await nameField.press("Enter");
    await expect(page.getByText("Category updated successfully")).toBeVisible();
    const row = rowOf(page, renamed);
    // A rename keeps the address: the slug only changes when the editor changes it.
    await expect(row).toContainText(slug);
    await expect(row).toContainText("Renamed in place.");

    await page.getByRole("button", { name: `Edit ${renamed}` }).click();
    await nameField.fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Category name is required")).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();

    await row.getByRole("button", { name: `Delete ${renamed}` }).click();
    await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Category deleted successfully")).toBeVisible();
  });

  test("delete asks first: Cancel keeps the category", async ({ page }) => {
    const name = `E2E Kept ${Date.now()}`;
    const form = addForm(page, "Add a category");
    await form.getByLabel("Name in English").fill(name);
    await form.getByRole("button", { name: "Add category" }).click();
    await expect(page.getByText("Category created successfully")).toBeVisible();

    await rowOf(page, name).getByRole("button", { name: `Delete ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Please confirm" });
    await expect(dialog).toContainText(`Are you sure you want to delete the category "${name}"? Its articles will become Uncategorized.`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, name)).toBeVisible();

    await rowOf(page, name).getByRole("button", { name: `Delete ${name}` }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Category deleted successfully")).toBeVisible();
    await expect(rowOf(page, name)).toHaveCount(0);
  });
});

test.describe("names in both languages", () => {
  test.beforeEach(async ({ page }) => signIn(page));

  test("a category is named side by side in English and Nepali; each admin and each edition sees its own", async ({ page, browser, baseURL, request }) => {
    const stamp = Date.now();
    const english = `E2E Budget ${stamp}`;
    const nepali = `बजेट परीक्षण ${stamp}`;
    await page.goto("/admin/categories");
    const form = addForm(page, "Add a category");
    await form.getByLabel("Name in English").fill(english);
    await form.getByLabel("Name in Nepali").fill(nepali);
    await form.getByLabel("Description in English").fill("Where the money goes.");
    await form.getByLabel("Description in Nepali").fill("पैसा कता जान्छ।");
    await expect(form.getByLabel("Name in Nepali")).toHaveAttribute("lang", "ne-NP");
    await form.getByRole("button", { name: "Add category" }).click();
    await expect(page.getByText("Category created successfully")).toBeVisible();

    // One column per value, not per language; the row in the admin's language.
    await expect(page.getByRole("table").first().getByRole("columnheader")).toHaveText(["Name", "Slug", "Description", "Actions"]);
    await expect(rowOf(page, english)).toContainText("Where the money goes.");
    await expect(rowOf(page, english)).toContainText(`e2e-budget-${stamp}`);

    await page.goto("/ne/admin/categories");
    await expect(rowOf(page, nepali)).toContainText("पैसा कता जान्छ।");
    await expect(addForm(page, "श्रेणी थप्नुहोस्").getByRole("textbox").first()).toHaveAccessibleName("नेपालीमा नाम");

    expect(await guestNavigation(browser, baseURL, "/")).toContain(english);
    const nepaliNavigation = await guestNavigation(browser, baseURL, "/ne");
    expect(nepaliNavigation).toContain(nepali);
    expect(nepaliNavigation).not.toContain(english);

    // The edit row holds both names; changing one leaves the other.
    await page.goto("/admin/categories");
    await page.getByRole("button", { name: `Edit ${english}` }).click();
    await expect(page.getByRole("textbox", { name: "Name in English", exact: true }).last()).toHaveValue(english);
    const nepaliField = page.getByRole("textbox", { name: "Name in Nepali (नेपाली)", exact: true }).last();
    await expect(nepaliField).toHaveValue(nepali);
    await nepaliField.fill(`${nepali} नयाँ`);
    await nepaliField.press("Enter");
    await expect(page.getByText("Category updated successfully")).toBeVisible();
    const stored = await (await request.get(`/api/categories/e2e-budget-${stamp}`)).json();
    expect(stored).toMatchObject({ name: english, name_en: english, name_ne: `${nepali} नयाँ`, description_ne: "पैसा कता जान्छ।" });

    await rowOf(page, english).getByRole("button", { name: `Delete ${english}` }).click();
    await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Category deleted successfully")).toBeVisible();
  });

  test("a tag named only in Nepali gets a Nepali address, and the English table shows that name marked as Nepali", async ({ page, request }) => {
    const name = `नागरिकता परीक्षण ${Date.now()}`;
    await page.goto("/admin/tags");
    const form = addForm(page, "Add a tag");
    await form.getByLabel("Name in Nepali").fill(name);
    await form.getByRole("button", { name: "Add tag" }).click();
    await expect(page.getByText("Tag created successfully")).toBeVisible();
    const slug = name.replaceAll(" ", "-");
    const row = rowOf(page, name);
    await expect(row).toContainText(slug);
    await expect(row.getByRole("rowheader").locator("[lang]")).toHaveAttribute("lang", "ne-NP");
    expect(await (await request.get(`/api/tags/${encodeURIComponent(slug)}`)).json()).toMatchObject({ name, name_ne: name, name_en: null });

    await row.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Tag deleted successfully")).toBeVisible();
  });
});

test("a name typed before the page came alive is kept: the first save sends it", async ({ page }) => {
  await signIn(page);
  // Hold the page's scripts back until the name is typed, as a slow phone would.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/admin/tags", { waitUntil: "commit" });
  const form = addForm(page, "Add a tag");
  const name = `Typed early ${Date.now()}`;
  await form.getByLabel("Name in English").fill(name);
  await expect(form.getByRole("button", { name: "Add tag" })).toBeDisabled();
  release();
  await expect(form.getByRole("button", { name: "Add tag" })).toBeEnabled();
  await form.getByRole("button", { name: "Add tag" }).click();
  await expect(page.getByText("Tag created successfully")).toBeVisible();
  await expect(rowOf(page, name)).toBeVisible();
  await rowOf(page, name).getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Tag deleted successfully")).toBeVisible();
});

test.describe("admin tags", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/tags");
  });

  test("add, rename in place, cancel with Escape, then delete after confirming", async ({ allowConsoleErrors, page, request }) => {
    // The taken slug is refused (409): the browser logs it.
    allowConsoleErrors(/status of 409/);
    const form = addForm(page, "Add a tag");
    await form.getByRole("button", { name: "Add tag" }).click();
    await expect(form.getByRole("alert")).toHaveText("Tag name is required");

    const name = `E2E Topic ${Date.now()}`;
    await form.getByLabel("Name in English").fill(name);
    await form.getByRole("button", { name: "Add tag" }).click();
    await expect(page.getByText("Tag created successfully")).toBeVisible();
    const slug = name.toLowerCase().replaceAll(" ", "-");
    await expect(rowOf(page, name)).toContainText(slug);
    expect((await request.get(`/api/tags/${slug}`)).status()).toBe(200);

    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const nameField = page.getByRole("textbox", { name: "Name in English", exact: true }).last();
    await nameField.fill("Not this");
    await page.keyboard.press("Escape");
    await expect(rowOf(page, name)).toBeVisible();

    const renamed = `${name} renamed`;
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    await nameField.fill(renamed);
    await nameField.press("Enter");
    await expect(page.getByText("Tag updated successfully")).toBeVisible();
    await expect(rowOf(page, renamed)).toContainText(slug);

    // A slug another tag already has: the server's 409 message, and the row stays in edit mode.
    await page.getByRole("button", { name: `Edit ${renamed}` }).click();
    await page.getByRole("textbox", { name: "Slug" }).last().fill("corruption");
    await nameField.press("Enter");
    await expect(page.getByText("A tag with this slug already exists")).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();

    const row = rowOf(page, renamed);
    await row.getByRole("button", { name: `Delete ${renamed}` }).click();
    const dialog = page.getByRole("dialog", { name: "Please confirm" });
    await expect(dialog).toContainText(`Are you sure you want to delete the tag "${renamed}"?`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: `Delete ${renamed}` }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Tag deleted successfully")).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await request.get(`/api/tags/${slug}`)).status()).toBe(404);
  });
});
