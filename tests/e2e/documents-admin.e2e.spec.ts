import { type APIRequestContext, type Page, expect, test } from "./support/test";
import { adminSend, signInAsAdmin } from "./support/admin";
import { createArticle, uniqueEmail } from "./support/article-fixtures";
import { PHOTO, photo, scanWithWords } from "../../app/server/documents/test-images";
import { leaky } from "../../app/server/documents/test-pdfs";

/**
 * Issue 38's back office: a leaky PDF uploaded through the form, its finding shown with the words
 * that would leak and outlined on its page's picture, refused publication while findings remain,
 * prepared flattened, clean, and published; an editor's override needs a written reason, and a
 * contributor is never offered one.
 */

const WORD = "Koshimoto";
const PASSWORD = "newsroom-password-1";

async function signInAs(page: Page, request: APIRequestContext, role: "contributor") {
  const email = uniqueEmail(role);
  const registered = await request.post("/api/users/register", { data: { name: `A ${role} ${Date.now()}`, email, password: PASSWORD } });
  expect(registered.status()).toBe(201);
  const { user } = await registered.json();
  await adminSend(request, "PUT", `/api/users/${user.id}`, { role });
  expect((await page.request.post("/api/admin/login", { data: { username: email, password: PASSWORD } })).status()).toBe(200);
}

/** Uploads a black box over WORD on page 2 through the form, and waits on the document's page for the examination's verdict. */
async function uploadLeaky(page: Page, title: string) {
  await page.goto("/admin/documents");
  await page.getByRole("link", { name: "Upload a document" }).click();
  await page.getByLabel("File (PDF or image)").setInputFiles({ name: "letters.pdf", mimeType: "application/pdf", buffer: Buffer.from(await leaky.blackBox(WORD)) });
  await page.getByLabel("Title (English)").fill(title);
  await page.getByLabel("Source (English)").fill("Obtained by Khulasa");
  await page.getByRole("button", { name: "Upload and examine" }).click();
  await expect(page).toHaveURL(/\/admin\/documents\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Needs review: 1 found")).toBeVisible();
}

const status = (page: Page) => page.locator("[data-status]").first();

test("a leaky PDF is shown with what it leaks on its page, refused while it leaks, prepared flat, and published", async ({ allowConsoleErrors, page }) => {
  allowConsoleErrors(/status of 409/);
  await signInAsAdmin(page);
  const title = `Letters under a black box ${Date.now()}`;
  await uploadLeaky(page, title);

  // The finding: its page, its kind in plain words, the words anyone could copy.
  const onPage2 = page.locator('[data-findings-page="2"]');
  await expect(onPage2.getByRole("heading", { name: "Page 2" })).toBeVisible();
  await expect(onPage2.getByText("Text under a box", { exact: true })).toBeVisible();
  await expect(onPage2.locator("[data-leaking-text]")).toHaveText(WORD);

  // The page's picture, drawn by the server, with the hidden words' area outlined where they lie
  // (the test file writes them 40 pt from the left of a 400 × 300 pt page, 147–162 pt from its foot).
  const picture = onPage2.getByRole("img", { name: "Page 2, with what was found outlined" });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const outline = onPage2.locator('[data-finding-outline="1"]');
  await expect(outline).toBeVisible();
  const frame = (await picture.boundingBox())!;
  const area = (await outline.boundingBox())!;
  const share = (value: number, from: number, of: number) => (value - from) / of;
  expect(share(area.x, frame.x, frame.width)).toBeGreaterThan(0.08);
  expect(share(area.x, frame.x, frame.width)).toBeLessThan(0.12);
  expect(share(area.x + area.width, frame.x, frame.width)).toBeGreaterThan(0.2);
  expect(share(area.x + area.width, frame.x, frame.width)).toBeLessThan(0.35);
  expect(share(area.y, frame.y, frame.height)).toBeGreaterThan(0.4);
  expect(share(area.y + area.height, frame.y, frame.height)).toBeLessThan(0.58);

  // Rewritten, the words stay under the box: publishing is refused as the server words it.
  await page.getByRole("button", { name: "Prepare", exact: true }).click();
  await expect(page.getByText("Needs review: 1 found")).toBeVisible();
  await expect(page.getByText("Findings in the file prepared for publication")).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("The document's file still has findings. Prepare it again, or give a written reason to publish it anyway.");

  // An editor may publish anyway, but not without saying why, and is told plainly what leaks.
  await page.getByRole("button", { name: "Publish despite the findings…" }).click();
  const dialog = page.getByRole("dialog", { name: "Publish despite the findings" });
  await expect(dialog.getByText("Once published, anyone who opens the file can read these words:")).toBeVisible();
  await expect(dialog.locator("[data-override-words]")).toContainText(WORD);
  await dialog.getByRole("button", { name: "Publish anyway" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Write the reason for publishing despite the findings.");
  await dialog.getByLabel("Why publish it anyway (kept in the audit trail)").fill("   ");
  await dialog.getByRole("button", { name: "Publish anyway" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Write the reason for publishing despite the findings.");
  await expect(status(page)).toHaveAttribute("data-status", "needs_review");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // Flattened, nothing is left to leak, and it is published.
  await page.getByRole("radio", { name: "Flatten: every page becomes a picture, and none of the file's text is kept" }).check();
  await page.getByLabel("Resolution (dpi)").selectOption("100");
  await page.getByRole("button", { name: "Prepare", exact: true }).click();
  await expect(status(page)).toHaveText("Clean");
  await expect(page.getByText("Nothing found that would leak.")).toBeVisible();
  await expect(page.getByText("Flattened at 100 dpi")).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(status(page)).toHaveText("Published");
  const file = page.getByRole("link", { name: "Open the published file" });
  await expect(file).toHaveAttribute("href", /^\/uploads\/[0-9a-f]{64}\.pdf$/);

  // The library lists it, published, with who uploaded it.
  await page.goto("/admin/documents");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: title }) });
  await expect(row.getByText("Published", { exact: true })).toBeVisible();
  await expect(row.getByText("You", { exact: true })).toBeVisible();
});

test("a photo of a document is uploaded through the form, and where it was taken and by whom is shown", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/documents/new");
  await expect(page.getByText("A PDF, or a photo or scan of a document (JPEG, PNG or WebP).", { exact: false })).toBeVisible();
  await page.getByLabel("File (PDF or image)").setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: Buffer.from(await photo()) });
  await page.getByLabel("Title (English)").fill("Photographed site permit");
  await page.getByLabel("Source (English)").fill("Obtained by Khulasa");
  await page.getByRole("button", { name: "Upload and examine" }).click();
  await expect(page).toHaveURL(/\/admin\/documents\/\d+$/);
  await expect(page.getByText(/Needs review: \d+ found/)).toBeVisible();
  const wholeFile = page.locator('[data-findings-page="file"]');
  await expect(wholeFile.getByText(`GPS position: ${PHOTO.latitude}, ${PHOTO.longitude}`)).toBeVisible();
  await expect(wholeFile.getByText(`Artist: ${PHOTO.artist}`)).toBeVisible();
  await expect(wholeFile.getByText(`BodySerialNumber: ${PHOTO.serial}`)).toBeVisible();
});

test("a contributor examines and prepares their upload but is offered neither publishing nor an override, which the server refuses too", async ({ page, request }) => {
  await signInAs(page, request, "contributor");
  await uploadLeaky(page, `A contributor's letters ${Date.now()}`);
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  await page.getByRole("button", { name: "Prepare", exact: true }).click();
  await expect(page.getByText("Findings in the file prepared for publication")).toBeVisible();
  await expect(page.getByText("Needs review: 1 found")).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Publish despite the findings…" })).toHaveCount(0);
  const refused = await page.request.post(`/api/documents/${id}/publish`, { data: { override: { reason: "I say so" } } });
  expect(refused.status()).toBe(403);
});

test("a refused upload is explained next to the file, in the page's language, and keeps what was typed", async ({ allowConsoleErrors, page }) => {
  allowConsoleErrors(/status of 415/);
  await signInAsAdmin(page);
  await page.goto("/ne/admin/documents/new");
  await expect(page.getByRole("heading", { level: 1, name: "कागजात अपलोड गर्नुहोस्" })).toBeVisible();
  // Named .pdf, but not a PDF by its bytes: the server's 415, in Nepali.
  await page.getByLabel("फाइल (PDF वा तस्बिर)").setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("just some notes") });
  await page.getByLabel("शीर्षक (अंग्रेजी)").fill("Notes that are not a PDF");
  await page.getByLabel("स्रोत (नेपाली)").fill("खुलासाले प्राप्त गरेको");
  await page.getByRole("button", { name: "अपलोड गरेर जाँच्नुहोस्" }).click();
  await expect(page.locator('[data-error-for="file"]')).toHaveText("कागजातका रूपमा PDF वा तस्बिर (JPEG, PNG वा WebP) मात्र अपलोड गर्न सकिन्छ।");
  await expect(page.getByLabel("फाइल (PDF वा तस्बिर)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("शीर्षक (अंग्रेजी)")).toHaveValue("Notes that are not a PDF");
  await expect(page.getByLabel("स्रोत (नेपाली)")).toHaveValue("खुलासाले प्राप्त गरेको");
  await expect(page).toHaveURL(/\/ne\/admin\/documents\/new$/);
});

test("the article editor cites a document's page: the selected words link to it in the story's edition", async ({ page }) => {
  await signInAsAdmin(page);
  const title = `Letters to cite ${Date.now()}`;
  await uploadLeaky(page, title);
  const slug = ((await (await page.request.get(page.url().replace("/admin/documents/", "/api/documents/"))).json()).document as { slug: string }).slug;

  await page.goto("/admin/articles/new");
  // A title in Devanagari makes a Nepali story: its links go to the Nepali edition.
  await page.getByLabel("Title", { exact: true }).fill("मन्त्रालयका पत्रहरू");
  const editor = page.getByRole("textbox", { name: "Content" });
  await editor.click();
  await page.keyboard.type("As the letter shows");
  await page.keyboard.press("Shift+Home");
  await page.getByRole("toolbar").getByRole("button", { name: "Cite a document" }).click();
  const dialog = page.getByRole("dialog", { name: "Cite a document" });
  await expect(dialog.getByText("The selected words will link to the document's page.")).toBeVisible();
  // The server finds it among every document by the words of its title, however many there are.
  await dialog.getByLabel("Find a document by its title").fill(title.toUpperCase());
  await expect(dialog.getByRole("radio")).toHaveCount(1);
  await dialog.getByRole("radio", { name: new RegExp(title) }).check();
  await dialog.getByLabel("Page", { exact: true }).fill("3");
  await dialog.getByRole("button", { name: "Insert the citation" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Give a page from 1 to 2.");
  await dialog.getByLabel("Page", { exact: true }).fill("2");
  await dialog.getByRole("button", { name: "Insert the citation" }).click();
  await expect(dialog).toBeHidden();
  const link = editor.getByRole("link", { name: "As the letter shows" });
  await expect(link).toHaveAttribute("href", `/ne/documents/${slug}#p=2`);
});

test("a document is attached to a story found by its title, and stays attached", async ({ page, request }) => {
  const story = await createArticle(request, `The ministry's contracts ${Date.now()}`);
  await signInAsAdmin(page);
  await uploadLeaky(page, `Contracts ${Date.now()}`);
  const stories = page.getByRole("region", { name: "Stories" });
  await expect(stories.getByText("Not attached to any story.")).toBeVisible();
  await stories.getByLabel("Find a story by its title").fill(story.title);
  await stories.getByRole("button", { name: "Find" }).click();
  await stories.getByRole("button", { name: `Attach: ${story.title}` }).click();
  await stories.getByRole("button", { name: "Save" }).click();
  await expect(stories.getByRole("status")).toHaveText("Stories saved.");
  await page.reload();
  const attached = page.getByRole("region", { name: "Stories" }).locator("[data-attached-stories]").getByRole("listitem");
  await expect(attached).toHaveCount(1);
  await expect(attached).toContainText(story.title);
  await expect(attached.getByRole("button", { name: `Detach ${story.title}` })).toBeVisible();

  await page.close();
  await adminSend(request, "DELETE", `/api/news/${encodeURIComponent(story.slug)}`);
});

test("a document never published is deleted after a confirmation, and the library no longer lists it", async ({ page }) => {
  await signInAsAdmin(page);
  const title = `A wrong upload ${Date.now()}`;
  await uploadLeaky(page, title);
  await page.getByRole("button", { name: "Delete this document" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Delete this document and its files? It was never published; nothing of it will be kept.")).toBeVisible();
  // Cancelled, nothing happens.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: "Delete this document" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/documents$/);
  await expect(page.getByText("Document deleted.")).toBeVisible();
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
});

test("a scan is flattened with its words read back, and its prepared file says so and holds nothing up", async ({ page }) => {
  await signInAsAdmin(page);
  const form = new FormData();
  form.set("file", new File([Buffer.from(await scanWithWords())], "report.png", { type: "image/png" }));
  form.set("title_en", `Scanned report ${Date.now()}`);
  const { document } = await (await page.request.post("/api/documents", { multipart: form })).json();
  await page.goto(`/admin/documents/${document.id}`);
  await expect(status(page)).toHaveText("Clean");

  const ocr = page.getByRole("checkbox", { name: /^Read the words back from the pictures \(OCR, in Nepali.*English/ });
  await expect(ocr).toHaveCount(0);
  await page.getByRole("radio", { name: "Flatten: every page becomes a picture, and none of the file's text is kept" }).check();
  await expect(ocr).toHaveAccessibleDescription("The words come from what the pages show, never from the original's text. A few seconds a page.");
  await ocr.check();
  await page.getByRole("button", { name: "Prepare", exact: true }).click();
  await expect(page.getByText("Flattened at 150 dpi, with the words read back (OCR)")).toBeVisible({ timeout: 30_000 });
  await expect(status(page)).toHaveText("Clean");
  await expect(page.getByText("Nothing found that would leak.")).toBeVisible();
});
