import { expect, test } from "./support/test";
import { adminSend, signInAsAdmin } from "./support/admin";
import { leaky } from "../../app/server/documents/test-pdfs";

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
