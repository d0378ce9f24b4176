/**
 * Issue 38's journey, whole: an editor uploads a leaky PDF in the back office, sees what it leaks on
 * the page's picture, prepares it flattened, attaches it to a story and publishes it; a reader opens
 * the story, the document inside it, page 2 by the story's citation, and downloads a file whose
 * SHA-256 is the one the page gives, and which no longer holds the hidden word.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "./support/test";
import { adminSend, signInAsAdmin } from "./support/admin";
import { adminToken } from "./support/article-fixtures";
import { leaky } from "../../app/server/documents/test-pdfs";

const WORD = "Sundarijal";

test("an editor publishes a leaky PDF safely with a story; a reader opens it in the story, at page 2, and downloads what the page vouches for", async ({ browser, page, request, baseURL }) => {
  await signInAsAdmin(page);
  const title = `The reservoir's letters ${Date.now()}`;
  await page.goto("/admin/documents/new");
  await page.getByLabel("File (PDF or image)").setInputFiles({ name: "letters.pdf", mimeType: "application/pdf", buffer: Buffer.from(await leaky.blackBox(WORD)) });
  await page.getByLabel("Title (English)").fill(title);
  await page.getByLabel("Source (English)").fill("Obtained by Khulasa");
  await page.getByRole("button", { name: "Upload and examine" }).click();
  await expect(page).toHaveURL(/\/admin\/documents\/\d+$/);
  await expect(page.getByText("Needs review: 1 found")).toBeVisible();

  // What leaks, where: the hidden word, outlined on page 2's picture.
  const onPage2 = page.locator('[data-findings-page="2"]');
  await expect(onPage2.locator("[data-leaking-text]")).toHaveText(WORD);
  const picture = onPage2.getByRole("img", { name: "Page 2, with what was found outlined" });
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expect(onPage2.locator('[data-finding-outline="1"]')).toBeVisible();

  // A story that cites page 2 of it, attached in the back office.
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  const token = await adminToken(request);
  const { slug } = (await (await request.get(`/api/documents/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()).document as { slug: string };
  const writers = await (await request.get("/api/writers")).json();
  const storyTitle = `Reservoir contract questioned ${Date.now()}`;
  const created = await request.post("/api/news", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: storyTitle,
      content: `<p>The letters show the deadline moved, as <a href="/documents/${slug}#p=2">the second letter</a> says.</p>`,
      writer_id: writers[0].id,
      is_published: "true",
    },
  });
  expect(created.status()).toBe(201);
  const story = (await created.json()) as { slug: string };
  const stories = page.getByRole("region", { name: "Stories" });
  await stories.getByLabel("Find a story by its title").fill(storyTitle);
  await stories.getByRole("button", { name: "Find" }).click();
  await stories.getByRole("button", { name: `Attach: ${storyTitle}` }).click();
  await stories.getByRole("button", { name: "Save" }).click();
  await expect(stories.getByRole("status")).toHaveText("Stories saved.");

  // Flattened, nothing is left; published, its pages drawn for readers.
  await page.getByRole("radio", { name: "Flatten: every page becomes a picture, and none of the file's text is kept" }).check();
  await page.getByRole("button", { name: "Prepare", exact: true }).click();
  await expect(page.locator("[data-status]").first()).toHaveText("Clean");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.locator("[data-status]").first()).toHaveText("Published");

  // A reader, signed in to nothing.
  const context = await browser.newContext({ baseURL });
  const reader = await context.newPage();
  await reader.goto(`/article/${story.slug}`);
  const card = reader.locator("[data-document-embed]");
  await expect(card.getByRole("heading", { name: title })).toBeVisible();
  await card.getByRole("link", { name: "Open document" }).click();
  const viewer = reader.getByRole("region", { name: "Document viewer: use the arrow keys to turn the pages" });
  await expect(viewer.locator("[tabindex='0'] img")).toHaveAttribute("alt", "Page 1 of 2");
  await viewer.getByRole("button", { name: "Close document" }).click();

  await reader.getByRole("link", { name: "the second letter" }).click();
  await expect(reader).toHaveURL(new RegExp(`/documents/${slug}#p=2$`));
  await expect(viewer.locator("[tabindex='0'] img")).toHaveAttribute("alt", "Page 2 of 2");

  const shown = await reader.locator("code[data-sha256]").textContent();
  const [download] = await Promise.all([reader.waitForEvent("download"), reader.getByRole("link", { name: /^Download the PDF/ }).click()]);
  const bytes = await readFile((await download.path())!);
  expect(createHash("sha256").update(bytes).digest("hex")).toBe(shown);
  expect(bytes.includes(Buffer.from(WORD, "latin1"))).toBe(false);
  await context.close();

  await page.close();
  await adminSend(request, "DELETE", `/api/news/${encodeURIComponent(story.slug)}`);
});
