import { type APIRequestContext, type Page, expect, test } from "./support/test";
import { E2E_ADMIN, type Summary, createArticle, uniqueEmail } from "./support/article-fixtures";
import { adminGet, adminSend, asGuest, confirmDialog, confirmItIsMe, notification, rowOf, signInAsAdmin } from "./support/admin";

/**
 * The users, comment moderation and writers screens. Every test works on the readers, comments
 * and writers it makes; demo records are only read.
 */

interface ApiUser {
  id: number;
  name: string;
  email: string;
  role: "user" | "admin";
  created_at: string;
}

const LAST_ADMIN = "There must always be at least one admin";

/** A reader registered through the API, with their own token (the page stays signed in as admin). */
async function registerReader(request: APIRequestContext, name: string) {
  const email = uniqueEmail("person");
  const response = await request.post("/api/users/register", { data: { name, email, password: "reader-password-1" } });
  expect(response.status()).toBe(201);
  const { token, user } = await response.json();
  return { token: token as string, id: user.id as number, name, email };
}

const cardDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Kathmandu", month: "short", day: "numeric", year: "numeric" }).format(new Date(iso));

const usersTable = (page: Page) => page.getByRole("table", { name: "Users" });
const userOf = (request: APIRequestContext, id: number) =>
  adminGet<ApiUser[]>(request, "/api/users").then((users) => users.find((user) => user.id === id));

test.describe("users", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("Name, Email, Role and Created At; a reader's name, e-mail and role are edited in place", async ({ allowConsoleErrors, page, request }) => {
    // The first write is answered 403 reauthentication_required, as the API has it, before the admin confirms it is them: the browser logs it.
    allowConsoleErrors(/status of 403 \(Forbidden\) \(http:\/\/127\.0\.0\.1:\d+\/api\/users\/\d+\)/);
    const reader = await registerReader(request, `E2E Person ${Date.now()}`);
    const created = (await userOf(request, reader.id))!.created_at;
    // Deleted however the test ends: a reader left an admin would break the last-admin test.
    try {
      await page.goto("/admin/users");
      await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
      await expect(usersTable(page).getByRole("columnheader")).toHaveText(["Name", "Email", "Role", "Created At", "Actions"]);
      const row = rowOf(page, reader.name);
      await expect(row.getByRole("cell")).toHaveText([reader.email, "User", cardDate(created), /Edit\s*Delete/]);

      // Escape leaves the row as it was, and the keyboard back on Edit.
      await row.getByRole("button", { name: `Edit ${reader.name}` }).click();
      const editing = page.getByRole("form", { name: `Edit ${reader.name}` });
      const nameField = page.getByRole("textbox", { name: "Name" });
      await expect(nameField).toBeFocused();
      await expect(nameField).toHaveValue(reader.name);
      await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(reader.email);
      await expect(page.getByRole("combobox", { name: "Role" })).toHaveValue("user");
      await nameField.fill("Not saved");
      await nameField.press("Escape");
      await expect(editing).toHaveCount(0);
      await expect(page.getByRole("button", { name: `Edit ${reader.name}` })).toBeFocused();
      await expect(rowOf(page, "Not saved")).toHaveCount(0);

      // A blank name is refused before anything is sent.
      await page.getByRole("button", { name: `Edit ${reader.name}` }).click();
      await nameField.fill("  ");
      await editing.getByRole("button", { name: "Save" }).click();
      await expect(notification(page, "All fields are required")).toBeVisible();
      await expect(nameField).toHaveAttribute("aria-invalid", "true");

      const renamed = `${reader.name} renamed`;
      const newEmail = uniqueEmail("renamed");
      await nameField.fill(renamed);
      await page.getByRole("textbox", { name: "Email" }).fill(newEmail);
      await page.getByRole("combobox", { name: "Role" }).selectOption({ label: "Admin" });
      await editing.getByRole("button", { name: "Save" }).click();
      // A role change asks the admin to confirm it is them, then saves.
      await confirmItIsMe(page);
      await expect(notification(page, "User updated successfully")).toBeVisible();
      await expect(rowOf(page, renamed).getByRole("cell")).toHaveText([newEmail, "Admin", cardDate(created), /Edit\s*Delete/]);
      expect(await userOf(request, reader.id)).toMatchObject({ name: renamed, email: newEmail, role: "admin" });

      // And back to a reader with Enter.
      await page.getByRole("button", { name: `Edit ${renamed}` }).click();
      await page.getByRole("combobox", { name: "Role" }).selectOption({ label: "User" });
      await nameField.press("Enter");
      await expect(rowOf(page, renamed).getByRole("cell").nth(1)).toHaveText("User");
      expect(await userOf(request, reader.id)).toMatchObject({ role: "user" });
    } finally {
      await adminSend(request, "DELETE", `/api/users/${reader.id}`);
    }
  });

  test("a dropped connection while opening the screen says 'Failed to fetch users' in the frame, and Try again loads it", async ({ allowConsoleErrors, page }) => {
    // The screen's request is cut: the browser logs it.
    allowConsoleErrors(/ERR_INTERNET_DISCONNECTED/);
    await page.goto("/admin/dashboard");
    await page.route(/\/admin\/users\.data/, (route) => route.abort("internetdisconnected"));
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Users", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to fetch users");
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await expect(usersTable(page)).toHaveCount(0);

    await page.unroute(/\/admin\/users\.data/);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(usersTable(page)).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("delete asks 'Are you sure you want to delete this user?': Cancel keeps the reader, Delete removes them", async ({ allowConsoleErrors, page, request }) => {
    // The first write is answered 403 reauthentication_required, as the API has it, before the admin confirms it is them: the browser logs it.
    allowConsoleErrors(/status of 403 \(Forbidden\) \(http:\/\/127\.0\.0\.1:\d+\/api\/users\/\d+\)/);
    const reader = await registerReader(request, `E2E Leaving ${Date.now()}`);
    await page.goto("/admin/users");
    const row = rowOf(page, reader.name);

    await row.getByRole("button", { name: `Delete ${reader.name}` }).click();
    await expect(confirmDialog(page)).toContainText("Are you sure you want to delete this user?");
    await confirmDialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect(confirmDialog(page)).toBeHidden();
    await expect(row).toBeVisible();
    expect(await userOf(request, reader.id)).toBeTruthy();

    await row.getByRole("button", { name: `Delete ${reader.name}` }).click();
    await confirmDialog(page).getByRole("button", { name: "Delete" }).click();
    await confirmItIsMe(page);
    await expect(notification(page, "User deleted successfully")).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await userOf(request, reader.id)).toBeUndefined();
    // Their session went with them.
    expect((await request.get("/api/users/me", { headers: { authorization: `Bearer ${reader.token}` } })).status()).toBe(401);
  });

  test("the last admin can be neither demoted nor deleted, and the server's message says why", async ({ allowConsoleErrors, page, request }) => {
    // The server refuses both (409), and the first is answered 403 reauthentication_required before the admin confirms it is them: the browser logs each.
    allowConsoleErrors(/status of 409/, /status of 403 \(Forbidden\) \(http:\/\/127\.0\.0\.1:\d+\/api\/users\/\d+\)/);
    const admins = (await adminGet<ApiUser[]>(request, "/api/users")).filter((user) => user.role === "admin");
    expect(admins.map((admin) => admin.email)).toEqual([E2E_ADMIN.username]);
    const me = admins[0]!;

    await page.goto("/admin/users");
    const row = usersTable(page).getByRole("row").filter({ hasText: me.email });
    // Their own row, marked as theirs.
    await expect(row.getByRole("rowheader")).toHaveText(new RegExp(`^${me.name}\\s*you$`));

    await row.getByRole("button", { name: `Edit ${me.name}` }).click();
    await page.getByRole("combobox", { name: "Role" }).selectOption({ label: "User" });
    await page.getByRole("button", { name: "Save" }).click();
    await confirmItIsMe(page);
    await expect(notification(page, LAST_ADMIN)).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(row.getByRole("cell").nth(1)).toHaveText("Admin");
    // Gone after 3 s (docs/product.md#messages-and-notifications), so that the next refusal is seen to be a new one.
    await expect(notification(page, LAST_ADMIN)).toBeHidden();

    await row.getByRole("button", { name: `Delete ${me.name}` }).click();
    await confirmDialog(page).getByRole("button", { name: "Delete" }).click();
    await expect(confirmDialog(page)).toBeHidden();
    await expect(notification(page, LAST_ADMIN)).toBeVisible();
    await expect(row).toBeVisible();
    expect(await userOf(request, me.id)).toMatchObject({ role: "admin" });
  });
});

test.describe("comment moderation", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  const table = (page: Page) => page.getByRole("table", { name: "Comment Moderation" });
  /** The Status cell of every row, top to bottom. */
  const statuses = (page: Page) => table(page).getByRole("row").filter({ has: page.getByRole("cell") }).locator("td:nth-child(4)").allInnerTexts();

  test("the table shows Article, User, Comment and Status, the pending ones first", async ({ page, request }) => {
    const comments = await adminGet<{ is_approved: boolean }[]>(request, "/api/comments");
    const pending = comments.filter((comment) => !comment.is_approved).length;
    expect(pending).toBeGreaterThan(0);
    expect(pending).toBeLessThan(comments.length);

    await page.goto("/admin/comments");
    await expect(page.getByRole("heading", { level: 1, name: "Comment Moderation" })).toBeVisible();
    await expect(table(page).getByRole("columnheader")).toHaveText(["Article", "User", "Comment", "Status", "Actions"]);
    await expect
      .poll(() => statuses(page))
      .toEqual([...Array<string>(pending).fill("Pending"), ...Array<string>(comments.length - pending).fill("Approved")]);

    // The Pending view narrows the table, and says how many there are.
    const filter = page.getByRole("navigation", { name: "Show" });
    await filter.getByRole("link", { name: `Pending (${pending})` }).click();
    await expect(page).toHaveURL(/\/admin\/comments\?show=pending$/);
    await expect.poll(() => statuses(page)).toEqual(Array<string>(pending).fill("Pending"));
  });

  test("approving a reader's pending comment makes it public; deleting asks first and takes it away", async ({ page, request, browser, baseURL }) => {
    // A journey through the back office and the public article, as two people.
    test.slow();
    const article = await createArticle(request, `Moderated story ${Date.now()}`);
    const reader = await registerReader(request, `E2E Commenter ${Date.now()}`);
    const content = `Which ward office signed this? ${Date.now()}`;
    const posted = await request.post(`/api/news/${article.id}/comments`, {
      headers: { authorization: `Bearer ${reader.token}` },
      data: { content },
    });
    expect(posted.status()).toBe(201);
    const publicComments = (guest: Page) => guest.getByRole("region", { name: /Comments/ });
    const seenByGuest = () =>
      asGuest(browser, baseURL, async (guest) => {
        await guest.goto(`/article/${article.slug}`);
        await expect(guest.getByRole("heading", { level: 1, name: article.title })).toBeVisible();
        return guest.getByText(content).count();
      });
    expect(await seenByGuest()).toBe(0);

    await page.goto("/admin/comments");
    const row = table(page).getByRole("row").filter({ hasText: content });
    await expect(row.getByRole("cell")).toHaveText([article.title, new RegExp(`^${reader.name}`), content, "Pending", /Approve\s*Delete/]);
    // Pending comments come first, and this is the newest.
    await expect(table(page).getByRole("row").nth(1)).toContainText(content);

    await row.getByRole("button", { name: `Approve comment by ${reader.name} on ${article.title}` }).click();
    await expect(notification(page, "Comment approved successfully")).toBeVisible();
    await expect(row.getByRole("cell").nth(3)).toHaveText("Approved");
    await expect(row.getByRole("button", { name: /^Approve/ })).toHaveCount(0);

    await asGuest(browser, baseURL, async (guest) => {
      await guest.goto(`/article/${article.slug}`);
      await expect(publicComments(guest).getByText(content)).toBeVisible();
      await expect(publicComments(guest).getByText(reader.name)).toBeVisible();
    });

    // The article link is the admin's preview of the article.
    await expect(row.getByRole("link", { name: article.title })).toHaveAttribute("href", `/article/${article.slug}?preview`);

    const deleteButton = row.getByRole("button", { name: `Delete comment by ${reader.name} on ${article.title}` });
    await deleteButton.click();
    await expect(confirmDialog(page)).toContainText("Are you sure you want to delete this comment?");
    await confirmDialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect(row).toBeVisible();
    await deleteButton.click();
    await confirmDialog(page).getByRole("button", { name: "Delete" }).click();
    await expect(notification(page, "Comment deleted successfully")).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await seenByGuest()).toBe(0);

    await adminSend(request, "DELETE", `/api/news/${encodeURIComponent(article.slug)}`);
    await adminSend(request, "DELETE", `/api/users/${reader.id}`);
  });
});

test.describe("writers", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/writers");
  });

  const form = (page: Page, name = "Add a writer") => page.getByRole("form", { name });

  test("add with 'Name and email are required', edit, then delete after 'Are you sure you want to delete this writer?'", async ({ page, request }) => {
    const add = form(page);
    await add.getByRole("button", { name: "Add writer" }).click();
    await expect(add.getByRole("alert")).toHaveText("Name and email are required");
    await add.getByLabel("Name in English").fill("   ");
    await add.getByLabel("Email").fill("someone@example.com");
    await add.getByRole("button", { name: "Add writer" }).click();
    await expect(add.getByRole("alert")).toHaveText("Name and email are required");
    await expect(add.getByLabel("Name in English")).toBeFocused();

    const name = `E2E Correspondent ${Date.now()}`;
    const email = uniqueEmail("writer");
    await add.getByLabel("Name in English").fill(name);
    await add.getByLabel("Email").fill(email);
    await add.getByLabel("Bio in English").fill("Covers the Karnali for a browser test.");
    await add.getByRole("button", { name: "Add writer" }).click();
    await expect(notification(page, "Writer created successfully")).toBeVisible();
    await expect(rowOf(page, name).getByRole("cell")).toHaveText([email, "Covers the Karnali for a browser test.", /Articles.*Edit\s*Delete/]);
    await expect(add.getByLabel("Name in English")).toHaveValue("");
    await expect(add.getByRole("alert")).toHaveCount(0);
    const writers = await (await request.get("/api/writers")).json();
    const writer: { id: number } = writers.find((w: { name: string }) => w.name === name);
    expect(writer).toBeTruthy();

    // Edit fills the form; Cancel goes back to adding.
    await rowOf(page, name).getByRole("button", { name: `Edit ${name}` }).click();
    let edit = form(page, `Edit ${name}`);
    await expect(edit.getByLabel("Name in English")).toBeFocused();
    await expect(edit.getByLabel("Email")).toHaveValue(email);
    await expect(edit.getByLabel("Bio in English")).toHaveValue("Covers the Karnali for a browser test.");
    await edit.getByRole("button", { name: "Cancel" }).click();
    await expect(form(page)).toBeVisible();
    await expect(form(page).getByLabel("Name in English")).toHaveValue("");

    const renamed = `${name} renamed`;
    await rowOf(page, name).getByRole("button", { name: `Edit ${name}` }).click();
    edit = form(page, `Edit ${name}`);
    await edit.getByLabel("Email").fill("");
    await edit.getByRole("button", { name: "Update writer" }).click();
    await expect(edit.getByRole("alert")).toHaveText("Name and email are required");
    await edit.getByLabel("Name in English").fill(renamed);
    await edit.getByLabel("Email").fill(email);
    await edit.getByLabel("Bio in English").fill("Now covers Sudurpashchim.");
    await edit.getByRole("button", { name: "Update writer" }).click();
    await expect(notification(page, "Writer updated successfully")).toBeVisible();
    await expect(rowOf(page, renamed).getByRole("cell").nth(1)).toHaveText("Now covers Sudurpashchim.");
    await expect(form(page)).toBeVisible();
    const profile = await (await request.get(`/api/writers/${writer.id}`)).json();
    expect(profile).toMatchObject({ name: renamed, email, bio: "Now covers Sudurpashchim." });

    const row = rowOf(page, renamed);
    await row.getByRole("button", { name: `Delete ${renamed}` }).click();
    await expect(confirmDialog(page)).toContainText("Are you sure you want to delete this writer?");
    await confirmDialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect(confirmDialog(page)).toBeHidden();
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: `Delete ${renamed}` }).click();
    await confirmDialog(page).getByRole("button", { name: "Delete" }).click();
    await expect(notification(page, "Writer deleted successfully")).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await request.get(`/api/writers/${writer.id}`)).status()).toBe(404);
  });

  test("the Articles toggle lists a writer's articles, drafts included, each opening the admin's preview", async ({ page, request }) => {
    const {
      articles: [draft],
    } = await adminGet<{ articles: Summary[] }>(request, "/api/news?status=draft&limit=1");
    expect(draft?.writer_id).toBeTruthy();
    const own = await adminGet<{ articles: Summary[] }>(request, `/api/news?writer=${draft!.writer_id}&status=all&limit=100`);
    const toggle = page.getByRole("button", { name: `Articles by ${draft!.writer_name}` });
    const list = page.getByRole("list", { name: `Articles by ${draft!.writer_name}` });

    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(list.getByRole("link")).toHaveText(own.articles.map((article) => article.title));
    const link = list.getByRole("link", { name: draft!.title, exact: true });
    await expect(link).toHaveAttribute("href", `/article/${encodeURIComponent(draft!.slug)}?preview`);
    await expect(list.getByRole("listitem").filter({ has: page.getByRole("link", { name: draft!.title, exact: true }) })).toContainText("Draft");

    await toggle.click();
    await expect(list).toBeHidden();
    await toggle.click();
    // From the back office the link works for the admin: the draft itself, not the dashboard.
    await list.getByRole("link", { name: draft!.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/article/${encodeURIComponent(draft!.slug)}\\?preview$`));
    await expect(page.getByRole("heading", { level: 1, name: draft!.title })).toBeVisible();
  });
});
