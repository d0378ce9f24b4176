/**
 * Evidence documents as readers get them (issue 38): a document published through the API (upload,
 * prepare, publish, its pages drawn by the render job), its page with and without script, a page
 * opened by its link, the text layer, the download against the page's SHA-256, and the document
 * inside a story, which costs the story's readers nothing until one opens it. Nothing is asked of
 * another origin.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { type APIRequestContext, type Page, request as anonymous, expect, test } from "./support/test";
import axe from "axe-core";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { adminToken } from "./support/article-fixtures";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A word on each page, to find in the text layer of that page only. */
const WORDS = ["ALPHALEDGER", "BRAVOINVOICE", "CHARLIERECEIPT"];

async function threePagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [index, word] of WORDS.entries()) {
    // The second page lies on its side: the viewer keeps each page's own shape.
    const page = doc.addPage(index === 1 ? [792, 612] : [612, 792]);
    page.drawText(`Page ${index + 1} of the tender file`, { x: 60, y: page.getHeight() - 80, size: 20, font });
    page.drawText(word, { x: 60, y: page.getHeight() - 160, size: 28, font });
  }
  return Buffer.from(await doc.save());
}

interface Published {
  id: number;
  slug: string;
  sha256: string;
  title: string;
  story: { id: number; slug: string };
}

async function untilSettled(request: APIRequestContext, token: string, id: number) {
  for (;;) {
    const document = (await (await request.get(`/api/documents/${id}`, { headers: bearer(token) })).json()).document;
    if (document.status !== "examining" && document.status !== "publishing") return document;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let published: Promise<Published> | undefined;

/**
 * One published document for every test, as the newsroom makes it: uploaded, prepared (its text
 * kept), attached to a published story whose text cites its second page, and published.
 */
function publishedDocument(request: APIRequestContext, baseURL: string | undefined): Promise<Published> {
  published ??= (async () => {
    const token = await adminToken(request);
    const title = `Road tender papers ${Date.now()}`;
    const uploaded = await request.post("/api/documents", {
      headers: bearer(token),
      multipart: {
        file: { name: "tender.pdf", mimeType: "application/pdf", buffer: await threePagePdf() },
        title_en: title,
        title_ne: "सडक ठेक्काका कागजात",
        description_en: "The bids and the award letter for the ring road.",
        source_en: "Public record: Public Procurement Monitoring Office",
        date: "2025-12-01",
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const { id, slug } = (await uploaded.json()).document as { id: number; slug: string };
    // pdf-lib names itself in the file's metadata: found, and removed by preparation.
    expect((await untilSettled(request, token, id)).status).toBe("needs_review");

    const writers = await (await request.get("/api/writers")).json();
    const story = await request.post("/api/news", {
      headers: bearer(token),
      data: {
        title: `The ring road tender ${Date.now()}`,
        content: `<p>The award letter names the winner on <a href="/documents/${slug}#p=2">page 2 of the tender papers</a>, a week before the bids closed.</p>`,
        writer_id: writers[0].id,
        is_published: "true",
      },
    });
    expect(story.status()).toBe(201);
    const { id: storyId, slug: storySlug } = (await story.json()) as { id: number; slug: string };
    expect((await request.put(`/api/documents/${id}/articles`, { headers: bearer(token), data: { articles: [storyId] } })).status()).toBe(200);

    expect((await request.post(`/api/documents/${id}/prepare`, { headers: bearer(token), data: { flatten: false } })).status()).toBe(202);
    const prepared = await untilSettled(request, token, id);
    expect(prepared.status).toBe("clean");
    // Prepared but not published: the site's 404, like any page that is not there.
    expect((await request.get(`/documents/${slug}`)).status()).toBe(404);
    expect((await request.post(`/api/documents/${id}/publish`, { headers: bearer(token), data: {} })).status()).toBe(202);
    // While its pages are drawn, the story is read (and cached) without it: the render job's end
    // must clear that, or the story's card would wait for the next write anywhere.
    const reader = await anonymous.newContext({ baseURL });
    expect((await reader.get(`/article/${storySlug}`)).status()).toBe(200);
    await reader.dispose();
    const done = await untilSettled(request, token, id);
    expect(done.published_at).not.toBeNull();
    return { id, slug, sha256: done.sha256 as string, title, story: { id: storyId, slug: storySlug } };
  })();
  return published;
}

/** Every address the page asks for from now on. */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

function expectOnlyOurOrigin(urls: string[], baseURL: string | undefined) {
  const ours = new URL(baseURL!).origin;
  expect(urls.filter((url) => !url.startsWith("data:") && new URL(url).origin !== ours)).toEqual([]);
}

const viewer = (page: Page) => page.getByRole("region", { name: "Document viewer: use the arrow keys to turn the pages" });
const shownPage = (page: Page) => viewer(page).locator("[tabindex='0'] img");

test.describe("a published document's page", () => {
  test("shows what the document is, its file and fingerprint, and its pages one at a time", async ({ page, request, baseURL }) => {
    const document = await publishedDocument(request, baseURL);
    const urls = requestsOf(page);
    await page.goto(`/documents/${document.slug}`);

    await expect(page.getByRole("heading", { level: 1, name: document.title })).toBeVisible();
    await expect(page.getByText("The bids and the award letter for the ring road.")).toBeVisible();
    await expect(page.getByText("Public record: Public Procurement Monitoring Office")).toBeVisible();
    await expect(page.locator("code[data-sha256]")).toHaveText(document.sha256);
    await expect(page.getByText(/sha256sum/)).toBeVisible();
    await expect(page.getByRole("link", { name: /^Download the PDF/ })).toHaveAttribute("href", `/uploads/${document.sha256}.pdf`);
    await expect(page.getByRole("link", { name: /^The ring road tender/ })).toHaveAttribute("href", `/article/${document.story.slug}`);

    const jsonLd = await page.locator("script[type='application/ld+json']").allTextContents();
    const digital = jsonLd.map((text) => JSON.parse(text)).find((data) => data["@type"] === "DigitalDocument");
    expect(digital).toMatchObject({ name: document.title, encoding: { encodingFormat: "application/pdf", sha256: document.sha256 } });

    await expect(shownPage(page)).toHaveAttribute("alt", "Page 1 of 3");
    await expect(shownPage(page)).toHaveAttribute("fetchpriority", "high");
    await expect(shownPage(page)).toHaveAttribute("srcset", new RegExp(`-p1-720w\\.webp 720w, .*-p1\\.webp 1200w$`));
    await viewer(page).getByRole("button", { name: "Next page" }).click();
    await expect(shownPage(page)).toHaveAttribute("alt", "Page 2 of 3");
    expect(new URL(page.url()).hash).toBe("#p=2");

    await viewer(page).getByRole("textbox", { name: "Page" }).fill("3");
    await viewer(page).getByRole("textbox", { name: "Page" }).press("Enter");
    await expect(shownPage(page)).toHaveAttribute("alt", "Page 3 of 3");
    expect(new URL(page.url()).hash).toBe("#p=3");

    await viewer(page).getByRole("link", { name: "Go to page 1" }).click();
    await expect(shownPage(page)).toHaveAttribute("alt", "Page 1 of 3");
    await expect(viewer(page).getByRole("link", { name: "Go to page 1" })).toHaveAttribute("aria-current", "page");

    // The keys: the page turns, and + zooms past the width it fits.
    await viewer(page).locator("[tabindex='0']").focus();
    await page.keyboard.press("PageDown");
    await expect(shownPage(page)).toHaveAttribute("alt", "Page 2 of 3");
    await page.keyboard.press("ArrowLeft");
    await expect(shownPage(page)).toHaveAttribute("alt", "Page 1 of 3");
    const fitted = (await shownPage(page).boundingBox())!.width;
    await page.keyboard.press("+");
    await expect.poll(async () => (await shownPage(page).boundingBox())!.width).toBeGreaterThan(fitted * 1.4);
    await viewer(page).getByRole("button", { name: "Fit width" }).click();
    await expect.poll(async () => (await shownPage(page).boundingBox())!.width).toBe(fitted);

    expectOnlyOurOrigin(urls, baseURL);
  });

  test("with script, asks for the first page's picture and no other page's until it is turned to", async ({ page, request, baseURL }) => {
    const document = await publishedDocument(request, baseURL);
    // The server sends the viewer itself at page 1, its controls waiting for the script.
    const html = await (await request.get(`/documents/${document.slug}`)).text();
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Next page"/);
    const urls = requestsOf(page);
    await page.goto(`/documents/${document.slug}`);
    await expect(viewer(page).getByRole("button", { name: "Next page" })).toBeEnabled();
    await page.waitForLoadState("networkidle");
    const pagePictures = () => urls.filter((url) => /-p\d+(-\d+w)?\.webp$/.test(url)).map((url) => /-p(\d+)/.exec(url)![1]);
    expect(pagePictures()).toEqual(["1"]);
    await viewer(page).getByRole("button", { name: "Next page" }).click();
    await expect(shownPage(page)).toHaveAttribute("alt", "Page 2 of 3");
    await expect.poll(pagePictures).toEqual(["1", "2"]);
  });

  test("without script, shows every page's picture in order and the download", async ({ browser, request, baseURL }) => {
    const document = await publishedDocument(request, baseURL);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    const urls = requestsOf(page);
    const response = await page.goto(`/documents/${document.slug}`);
    // The same for every reader: shared, as a story is.
    expect(response?.headers()["cache-control"]).toMatch(/^public\b/);
    const pictures = page.getByRole("img", { name: /^Page \d of 3$/ });
    await expect(pictures).toHaveCount(3);
    for (const [index, size] of [
      [0, ["612", "792"]],
      [1, ["792", "612"]],
      [2, ["612", "792"]],
    ] as const) {
      const picture = pictures.nth(index);
      await expect(picture).toHaveAttribute("alt", `Page ${index + 1} of 3`);
      await expect(picture).toHaveAttribute("width", size[0]);
      await expect(picture).toHaveAttribute("height", size[1]);
      await expect(picture).toHaveAttribute("src", `/uploads/${document.sha256}-p${index + 1}.webp`);
      // A phone takes the narrower drawing (issue 38); the page is 1200 wide as drawn (a page on its side too).
      await expect(picture).toHaveAttribute("srcset", `/uploads/${document.sha256}-p${index + 1}-720w.webp 720w, /uploads/${document.sha256}-p${index + 1}.webp 1200w`);
      await expect(picture).toHaveAttribute("sizes", /100vw/);
    }
    // The first page is what a reader sees first: asked for at once and before anything else, the others when near.
    await expect(pictures.nth(0)).toHaveAttribute("fetchpriority", "high");
    await expect(pictures.nth(0)).not.toHaveAttribute("loading", /./);
    for (const index of [1, 2]) await expect(pictures.nth(index)).toHaveAttribute("loading", "lazy");
    const phonePicture = await request.get(`/uploads/${document.sha256}-p1-720w.webp`);
    expect([phonePicture.status(), phonePicture.headers()["content-type"]]).toEqual([200, "image/webp"]);
    await expect(page.getByRole("link", { name: /^Download the PDF/ })).toHaveAttribute("href", `/uploads/${document.sha256}.pdf`);
    // A citation's `#p=2` finds its page here too, by the picture's id.
    await expect(page.locator(`[id="p=2"] img`)).toHaveAttribute("alt", "Page 2 of 3");
    // The text is the viewer's: a page without it never asks for it.
    expect(urls.filter((url) => url.endsWith("-text.json"))).toEqual([]);
    await context.close();
  });

  test("opens page 2 by its link, in either edition", async ({ page, request, baseURL }) => {
    const document = await publishedDocument(request, baseURL);
    await page.goto(`/documents/${document.slug}#p=2`);
    await expect(shownPage(page)).toHaveAttribute("alt", "Page 2 of 3");
    await page.goto(`/ne/documents/${document.slug}#p=2`);
    await expect(page.getByRole("heading", { level: 1, name: "सडक ठेक्काका कागजात" })).toBeVisible();
    await expect(page.getByRole("region", { name: "कागजात हेर्ने ठाउँ: पृष्ठ पल्टाउन एरो कुञ्जी प्रयोग गर्नुहोस्" }).locator("[tabindex='0'] img")).toHaveAttribute(
      "alt",
      "३ मध्ये पृष्ठ २",
    );
  });

  test("lays the page's own text over it, to select and copy", async ({ page, request, baseURL }) => {
    const document = await publishedDocument(request, baseURL);
    await page.goto(`/documents/${document.slug}#p=2`);
    const layer = viewer(page).locator("[data-text-layer]");
    const word = layer.getByText(WORDS[1]!, { exact: true });
    await expect(word).toHaveCount(1);
    await expect(layer.getByText(WORDS[0]!)).toHaveCount(0);
    // The word lies over where the picture shows it: in the page's upper left quarter.
    const pictureBox = (await shownPage(page).boundingBox())!;
    const wordBox = (await word.boundingBox())!;
    expect(wordBox.x).toBeGreaterThan(pictureBox.x);
    expect(wordBox.y).toBeGreaterThan(pictureBox.y);
    expect(wordBox.y + wordBox.height).toBeLessThan(pictureBox.y + pictureBox.height / 2);
    await word.dblclick();
    expect(await page.evaluate(() => window.getSelection()?.toString().trim())).toBe(WORDS[1]);
  });

  test("downloads the file whose SHA-256 the page gives", async ({ page, request, baseURL }) => {
    const document = await publishedDocument(request, baseURL);
    await page.goto(`/documents/${document.slug}`);
    const shown = await page.locator("code[data-sha256]").textContent();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Download the PDF/ }).click()]);
    const bytes = await readFile((await download.path())!);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(shown);
    expect(shown).toBe(document.sha256);
  });

  test("is the site's 404 for a document that does not exist", async ({ allowConsoleErrors, page }) => {
    allowConsoleErrors(/no-such-document-here: .*status of 404/);
    const response = await page.goto("/documents/no-such-document-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  });
});

test.describe("a document inside its story", () => {
  test("is a card that asks for nothing more until opened, then opens the viewer in place", async ({ page, request, baseURL }) => {
    const document = await publishedDocument(request, baseURL);
    const urls = requestsOf(page);
    await page.goto(`/article/${document.story.slug}`);
    const card = page.locator("[data-document-embed]");
    await expect(card.getByRole("heading", { name: document.title })).toBeVisible();
    await expect(card.getByText("Public record: Public Procurement Monitoring Office")).toBeVisible();
    await expect(card.getByText("3 pages")).toBeVisible();
    await expect(card.locator("img")).toHaveAttribute("loading", "lazy");

    // Loaded and alive, the story has asked for no viewer, no pages and no text.
    const scriptsOnLoad = urls.filter((url) => url.endsWith(".js"));
    const viewerChunks = (list: string[]) => list.filter((url) => /DocumentViewer|embedded-viewer|DocumentReader/.test(url));
    expect(viewerChunks(scriptsOnLoad)).toEqual([]);
    expect(urls.filter((url) => url.includes("/api/documents") || url.endsWith("-text.json") || /-p\d+\.webp$/.test(url))).toEqual([]);

    await card.getByRole("link", { name: "Open document" }).click();
    await expect(shownPage(page)).toHaveAttribute("alt", "Page 1 of 3");
    expect(viewerChunks(urls.filter((url) => url.endsWith(".js"))).length).toBeGreaterThan(0);
    await viewer(page).getByRole("button", { name: "Next page" }).click();
    await expect(shownPage(page)).toHaveAttribute("alt", "Page 2 of 3");
    await expect(viewer(page).locator("[data-text-layer]").getByText(WORDS[1]!, { exact: true })).toHaveCount(1);
    // The story's address stays the story's; the page's own is a link away.
    expect(new URL(page.url()).pathname).toBe(`/article/${document.story.slug}`);
    expect(new URL(page.url()).hash).toBe("");
    await expect(viewer(page).getByRole("link", { name: "Open this page on its own" })).toHaveAttribute("href", `/documents/${document.slug}#p=2`);

    await viewer(page).getByRole("button", { name: "Close document" }).click();
    await expect(viewer(page)).toHaveCount(0);
    await expect(card.getByRole("link", { name: "Open document" })).toBeFocused();
    expectOnlyOurOrigin(urls, baseURL);
  });

  test("loads no more script on load than a story without one", async ({ browser, request, baseURL }) => {
    const document = await publishedDocument(request, baseURL);
    // Each in a fresh browser, so that nothing comes from the other's cache unasked.
    const scripts = async (path: string) => {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      const urls = requestsOf(page);
      await page.goto(path);
      await context.close();
      return urls.filter((url) => url.endsWith(".js")).sort();
    };
    const plain = (await (await request.get("/api/news?limit=5")).json()).articles.find((article: { id: number }) => article.id !== document.story.id);
    expect(await scripts(`/article/${document.story.slug}`)).toEqual(await scripts(`/article/${plain.slug}`));
  });

  test("a citation in the story's text opens the document at its page", async ({ page, request, baseURL }) => {
    const document = await publishedDocument(request, baseURL);
    await page.goto(`/article/${document.story.slug}`);
    await page.getByRole("link", { name: "page 2 of the tender papers" }).click();
    await expect(page).toHaveURL(new RegExp(`/documents/${document.slug}#p=2$`));
    await expect(shownPage(page)).toHaveAttribute("alt", "Page 2 of 3");
  });
});

test("the document's page and its story, the viewer open, are accessible in both themes on a phone and a desktop", async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const document = await publishedDocument(request, baseURL);
  const found: string[] = [];
  const check = async (page: Page, where: string) => {
    await page.evaluate(axe.source);
    const { violations } = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run());
    found.push(...violations.map((v) => `${where}: ${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`));
  };
  for (const colorScheme of ["light", "dark"] as const) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ baseURL, colorScheme, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`/documents/${document.slug}#p=2`);
      await check(page, `${colorScheme} ${width} document`);
      await page.goto(`/article/${document.story.slug}`);
      await check(page, `${colorScheme} ${width} story`);
      await page.locator("[data-document-embed]").getByRole("link", { name: "Open document" }).click();
      await expect(shownPage(page)).toBeVisible();
      await check(page, `${colorScheme} ${width} story, document open`);
      await context.close();
    }
  }
  expect(found).toEqual([]);
});
