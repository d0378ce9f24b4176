import { expect, test } from "./support/test";
import { adminSend, signInAsAdmin } from "./support/admin";
import { leaky, plain } from "../../app/server/documents/test-pdfs";

/**
 * A document's details corrected after its upload (issue 38): the same fields as the upload's,
 * filled with what it says now; a title cannot be emptied; what is saved shows at once, in the
 * page's heading and its tab.
 */
test("an editor corrects a document's title, description and date, and cannot leave it untitled", async ({ page, request }) => {
  await signInAsAdmin(page);
  const title = `Audit report with a typo ${Date.now()}`;
  const form = new FormData();
  form.set("file", new File([Buffer.from(await leaky.author("Sita Sharma"))], "audit.pdf", { type: "application/pdf" }));
  form.set("title_en", title);
  const uploaded = await page.request.post("/api/documents", { multipart: form });
  expect(uploaded.status()).toBe(201);
  const { document } = await uploaded.json();
  const tag = await (await adminSend(request, "POST", "/api/tags", { name: `Auditor general ${Date.now()}` })).json();

  await page.goto(`/admin/documents/${document.id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: "Edit details" }).click();
  const details = page.getByRole("form", { name: "Edit details" });
  await expect(details.getByLabel("Title (English)")).toHaveValue(title);

  // Emptied, the title is asked for beside its field, and nothing else typed is lost.
  await details.getByLabel("Title (English)").fill("");
  await details.getByLabel("Description (English)").fill("The Auditor General's report on the Melamchi tunnel.");
  await details.getByRole("button", { name: "Save" }).click();
  await expect(details.getByRole("alert")).toHaveText("Give the document a title.");
  await expect(details.getByLabel("Description (English)")).toHaveValue("The Auditor General's report on the Melamchi tunnel.");

  const corrected = `Audit report on the Melamchi tunnel ${Date.now()}`;
  await details.getByLabel("Title (English)").fill(corrected);
  await details.getByLabel("Date of the document").fill("2024-03-01");
  await details.getByRole("checkbox", { name: tag.name }).check();
  await details.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The document's details are saved.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: corrected })).toBeVisible();
  await expect(page.getByText("The Auditor General's report on the Melamchi tunnel.")).toBeVisible();
  await expect(page.getByText(tag.name)).toBeVisible();

  // Kept by the server: the page loaded again says the same, and its tab is named after it.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: corrected })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${corrected} · Documents`));
});

test("an editor withdraws a published document with a written reason, and readers can no longer reach it", async ({ page, browser, baseURL }) => {
  await signInAsAdmin(page);
  const form = new FormData();
  form.set("file", new File([Buffer.from(await plain.pages(1))], "roster.pdf", { type: "application/pdf" }));
  form.set("title_en", `Duty roster ${Date.now()}`);
  const { document } = await (await page.request.post("/api/documents", { multipart: form })).json();
  const settled = async () => {
    for (;;) {
      const { document: now } = await (await page.request.get(`/api/documents/${document.id}`)).json();
      if (now.status !== "examining" && now.status !== "publishing") return now;
      await page.waitForTimeout(100);
    }
  };
  await settled();
  expect((await page.request.post(`/api/documents/${document.id}/prepare`, { data: { flatten: false } })).status()).toBe(202);
  await settled();
  expect((await page.request.post(`/api/documents/${document.id}/publish`, { data: {} })).status()).toBe(202);
  const published = await settled();
  const readerPage = `/documents/${published.slug}`;
  const reader = await browser.newContext({ baseURL });
  expect((await reader.request.get(readerPage)).status()).toBe(200);

  await page.goto(`/admin/documents/${document.id}`);
  await page.getByRole("button", { name: "Withdraw this document" }).click();
  const dialog = page.getByRole("dialog", { name: "Withdraw this document" });
  await expect(dialog.getByText("Copies that readers or a CDN already hold are not recalled.", { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "Withdraw this document" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Write why the document is withdrawn.");
  await dialog.getByLabel("Why it is withdrawn (kept in the audit trail)").fill("A source's initials are legible on page 1.");
  await dialog.getByRole("button", { name: "Withdraw this document" }).click();
  await expect(page.getByText("The document is withdrawn: readers can no longer reach it.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Prepare for publication" })).toBeVisible();
  expect((await reader.request.get(readerPage)).status()).toBe(404);
  expect((await reader.request.get(published.url)).status()).toBe(404);
  await reader.close();
});
