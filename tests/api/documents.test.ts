/**
 * Evidence documents over HTTP (issue 38): what a client sends and reads back. The rules themselves
 * (findings, preparation, the override) are tested on the service, with the real worker
 * (app/server/services/documents.test.ts); who may call what is in permissions.test.ts.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { createHash } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { en } from "~/lib/messages";
import { ne } from "~/lib/messages.ne";
import { cleanScan, PHOTO, photo, SCAN_LINES, scanWithWords } from "~/server/documents/test-images";
import { leaky, plain } from "~/server/documents/test-pdfs";
import { extractedText, holds } from "~/server/documents/test-search";
import { asAdmin, baseUrl, call, newReader } from "./client";
import { documentForm, examinedDocument } from "./document-fixtures";

const WORD = "KALIMATISOURCE";

describe("POST /api/documents", () => {
  it("answers 201 at once with the upload examining, and keeps the original out of /uploads", async () => {
    const bytes = await leaky.blackBox(WORD);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    const res = await call("/api/documents", { method: "POST", token: await asAdmin(), form: await documentForm("Procurement letters", bytes) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.document).toMatchObject({ id: expect.any(Number), status: "examining", sha256, pages: null, findings: [], slug: expect.stringMatching(/^procurement-letters/) });
    expect(res.headers.get("cache-control")).toBe("private, no-store");

    expect((await call(`/uploads/${sha256}.pdf`)).status).toBe(404);
    const folder = path.join(inject("dataDir"), "uploads");
    const stored = await Promise.all((await readdir(folder)).map(async (name) => createHash("sha256").update(await readFile(path.join(folder, name))).digest("hex")));
    expect(stored).not.toContain(sha256);
  });

  it("refuses a file that is neither a PDF nor a JPEG, PNG or WebP with 415, in the client's language, whatever it is called", async () => {
    const form = await documentForm("Not a PDF", new TextEncoder().encode("GIF89a, a picture"), { name: "scan.jpg", type: "image/jpeg" });
    const english = await call("/api/documents", { method: "POST", token: await asAdmin(), form });
    expect(english.status).toBe(415);
    expect(english.body).toEqual({ error: en.documentNotPdf, code: "document_not_pdf" });
    const nepali = await call("/api/documents?lang=ne", { method: "POST", token: await asAdmin(), form });
    expect(nepali.body).toEqual({ error: ne.documentNotPdf, code: "document_not_pdf" });
  });

  it("asks for a title and a file", async () => {
    const untitled = await documentForm("");
    const res = await call("/api/documents", { method: "POST", token: await asAdmin(), form: untitled });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: en.documentTitleRequired, code: "document_title_required" });
    const fileless = new FormData();
    fileless.set("title_en", "No file");
    expect((await call("/api/documents", { method: "POST", token: await asAdmin(), form: fileless })).body).toEqual({ error: en.noFile, code: "no_file" });
  });
});

describe("GET /api/documents/{id}", () => {
  it("is 404 to the public and to readers while unpublished, the same as a document that does not exist", async () => {
    const { id } = await examinedDocument();
    const missing = await call("/api/documents/999999999");
    for (const token of [null, (await newReader()).token]) {
      const res = await call(`/api/documents/${id}`, { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
      expect(res.body).toEqual({ error: en.documentNotFound, code: "document_not_found" });
    }
  });

  it("gives the newsroom the whole document, by id or by slug", async () => {
    const { id } = await examinedDocument();
    const byId = await call(`/api/documents/${id}`, { token: await asAdmin() });
    expect(byId.status).toBe(200);
    expect(byId.body.document).toMatchObject({ id, original: { name: "papers.pdf" }, prepared: null, published_at: null, url: null });
    expect(byId.body.document).toMatchObject({ status: "needs_review", pages: 1, findings: expect.arrayContaining([expect.objectContaining({ kind: "metadata", page: null })]) });
    const bySlug = await call(`/api/documents/${byId.body.document.slug}`, { token: await asAdmin() });
    expect(bySlug.body).toEqual(byId.body);
  });
});

describe("POST /api/documents/{id}/publish", () => {
  it("refuses an unprepared document with 409, in the client's language", async () => {
    const { id } = await examinedDocument();
    const res = await call(`/api/documents/${id}/publish?lang=ne`, { method: "POST", token: await asAdmin(), json: {} });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: ne.documentNotPrepared, code: "document_not_prepared" });
  });

  it("asks for a written reason when an override is sent without one", async () => {
    const { id } = await examinedDocument();
    const res = await call(`/api/documents/${id}/publish`, { method: "POST", token: await asAdmin(), json: { override: { reason: " " } } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: en.overrideReasonRequired, code: "override_reason_required" });
  });
});

/** Polls the document as `token` sees it until its job has ended. */
async function settled(id: number, token: string) {
  for (;;) {
    const res = await call(`/api/documents/${id}`, { token });
    if (res.body.document.status !== "examining" && res.body.document.status !== "publishing") return res.body.document;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a leaky PDF from upload to publication", () => {
  it("is found leaking with its page, prepared, and published as bytes that hold no hidden word and match their sha256", async () => {
    const admin = await asAdmin();
    const bytes = await leaky.blackBox(WORD);
    const uploaded = await call("/api/documents", { method: "POST", token: admin, form: await documentForm("Black box letters", bytes) });
    const id = uploaded.body.document.id as number;
    const examined = await settled(id, admin);
    expect(examined).toMatchObject({ status: "needs_review", pages: 2 });
    expect(examined.findings).toContainEqual({ kind: "text_under_box", page: 2, rect: expect.any(Array), text: WORD, page_size: [400, 300] });

    const refused = await call(`/api/documents/${id}/publish`, { method: "POST", token: admin, json: {} });
    expect(refused.body.code).toBe("document_not_prepared");
    // The newsroom sees the page the finding is on, drawn now; nobody else, and no shared cache, does.
    const page = await fetch(`${baseUrl()}/api/documents/${id}/pages/2?file=original`, { headers: { authorization: `Bearer ${admin}` } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("image/webp");
    expect(page.headers.get("cache-control")).toMatch(/private|no-store/);
    expect(Buffer.from(await page.arrayBuffer()).subarray(8, 12).toString()).toBe("WEBP");
    expect((await fetch(`${baseUrl()}/api/documents/${id}/pages/2?file=original`)).status).toBe(401);
    const preparing = await call(`/api/documents/${id}/prepare`, { method: "POST", token: admin, json: { flatten: true, dpi: 72 } });
    expect(preparing.status).toBe(202);
    expect(preparing.body.document.status).toBe("examining");
    const prepared = await settled(id, admin);
    expect(prepared).toMatchObject({ status: "clean", findings: [], prepared: { flatten: true, dpi: 72 } });
    expect((await call(`/api/documents/${id}`)).status).toBe(404);

    const publishing = await call(`/api/documents/${id}/publish`, { method: "POST", token: admin, json: {} });
    expect(publishing.status).toBe(202);
    expect(publishing.body.document).toMatchObject({ status: "publishing", published_at: null });
    const published = { body: { document: await settled(id, admin) } };
    expect(published.body.document.url).toBe(`/uploads/${prepared.sha256}.pdf`);
    const file = await fetch(baseUrl() + published.body.document.url);
    expect(file.status).toBe(200);
    const served = Buffer.from(await file.arrayBuffer());
    expect(createHash("sha256").update(served).digest("hex")).toBe(prepared.sha256);
    const hex = Buffer.from(WORD, "latin1").toString("hex");
    for (const spelling of [WORD, hex, hex.toUpperCase()]) expect(served.includes(Buffer.from(spelling, "latin1"))).toBe(false);

    const seen = await call(`/api/documents/${id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.document).toMatchObject({ id, sha256: prepared.sha256, pages: 2, url: published.body.document.url, title_en: "Black box letters" });
    expect(seen.body.document).not.toHaveProperty("findings");
    expect(seen.body.document).not.toHaveProperty("original");
    expect(seen.body.document.text_url).toBeNull();
    const [first, second] = seen.body.document.page_images;
    expect(second).toMatchObject({ number: 2, image: `/uploads/${prepared.sha256}-p2.webp`, thumbnail: `/uploads/${prepared.sha256}-t2.webp` });
    for (const url of [first.image, second.thumbnail]) {
      const image = await fetch(baseUrl() + url);
      expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/webp"]);
    }
    // Readers find it by its title on the search page, above the stories.
    const search = await (await fetch(`${baseUrl()}/search?q=${encodeURIComponent("black box letters")}`)).text();
    expect(search).toContain(`href="/documents/${seen.body.document.slug}"`);
  });

  it("is published despite its findings only with an editor's written reason, which the audit trail keeps", async () => {
    const admin = await asAdmin();
    const uploaded = await call("/api/documents", { method: "POST", token: admin, form: await documentForm("Covered letters", await leaky.blackBox(WORD)) });
    const id = uploaded.body.document.id as number;
    await settled(id, admin);
    await call(`/api/documents/${id}/prepare`, { method: "POST", token: admin, json: { flatten: false } });
    expect((await settled(id, admin)).findings).toContainEqual(expect.objectContaining({ kind: "text_under_box", page: 2 }));

    const refused = await call(`/api/documents/${id}/publish`, { method: "POST", token: admin, json: {} });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: en.documentHasFindings, code: "document_has_findings" });
    const reason = "The covered names are public officials already named in the court's ruling.";
    const published = await call(`/api/documents/${id}/publish`, { method: "POST", token: admin, json: { override: { reason } } });
    expect(published.status).toBe(202);
    expect(published.body.document.override).toMatchObject({ reason });
    expect(await settled(id, admin)).toMatchObject({ status: "needs_review", published_at: expect.any(String) });
    const trail = await call(`/api/audit?object=document&object_id=${id}`, { token: admin });
    expect(trail.body.entries[0]).toMatchObject({ action: "document.override", object_id: id, summary: expect.stringContaining(reason) });
  });
});

describe("a photo of a document from upload to publication", () => {
  it("is found telling where it was taken and by whom, prepared to a clean PDF of its pixels, and published holding none of it", async () => {
    const admin = await asAdmin();
    const bytes = await photo();
    const uploaded = await call("/api/documents", { method: "POST", token: admin, form: await documentForm("Photographed contract", bytes, { name: "IMG_2041.jpg", type: "image/jpeg" }) });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.document).toMatchObject({ status: "examining", sha256: createHash("sha256").update(bytes).digest("hex") });
    const id = uploaded.body.document.id as number;
    const examined = await settled(id, admin);
    expect(examined).toMatchObject({ status: "needs_review", pages: 1, original: { name: "IMG_2041.jpg", pages: 1 } });
    for (const text of [`GPS position: ${PHOTO.latitude}, ${PHOTO.longitude}`, `Artist: ${PHOTO.artist}`, `BodySerialNumber: ${PHOTO.serial}`]) {
      expect(examined.findings).toContainEqual({ kind: "metadata", page: null, rect: null, text, page_size: null });
    }
    // The newsroom sees the photo as a page before preparing it.
    const original = await fetch(`${baseUrl()}/api/documents/${id}/pages/1?file=original`, { headers: { authorization: `Bearer ${admin}` } });
    expect([original.status, original.headers.get("content-type")]).toEqual([200, "image/webp"]);

    const preparing = await call(`/api/documents/${id}/prepare`, { method: "POST", token: admin, json: { flatten: false } });
    expect(preparing.status).toBe(202);
    const prepared = await settled(id, admin);
    expect(prepared).toMatchObject({ status: "clean", pages: 1, findings: [], prepared: { pages: 1, findings: [] } });
    const publishing = await call(`/api/documents/${id}/publish`, { method: "POST", token: admin, json: {} });
    expect(publishing.status).toBe(202);
    const published = await settled(id, admin);
    expect(published.url).toBe(`/uploads/${prepared.sha256}.pdf`);

    const served = new Uint8Array(await (await fetch(baseUrl() + published.url)).arrayBuffer());
    expect(createHash("sha256").update(served).digest("hex")).toBe(prepared.sha256);
    expect(Buffer.from(served).subarray(0, 5).toString()).toBe("%PDF-");
    const text = await extractedText(served);
    for (const value of [PHOTO.artist, PHOTO.serial, PHOTO.make, PHOTO.model, PHOTO.owner, PHOTO.software, PHOTO.xmpCreator, String(PHOTO.latitude), "Exif\0\0"]) {
      expect(holds(served, value), value).toBe(false);
      expect(text).not.toContain(value);
    }
    const seen = await call(`/api/documents/${id}`);
    expect(seen.body.document).toMatchObject({ pages: 1, page_images: [expect.objectContaining({ number: 1, width: 144, height: 96 })] });
    expect((await fetch(baseUrl() + seen.body.document.page_images[0].image)).status).toBe(200);
  });

  it("finds nothing in a PNG scan without metadata, even sent as a PDF", async () => {
    const admin = await asAdmin();
    const uploaded = await call("/api/documents", { method: "POST", token: admin, form: await documentForm("Scanned notice", await cleanScan()) });
    expect(uploaded.status).toBe(201);
    expect(await settled(uploaded.body.document.id, admin)).toMatchObject({ status: "clean", pages: 1, findings: [] });
  });
});

describe("a scan flattened with its words read back (OCR)", () => {
  it("is refused OCR without flattening, then prepared clean with its Nepali and English words, which readers can select and find", async () => {
    const admin = await asAdmin();
    const uploaded = await call("/api/documents", { method: "POST", token: admin, form: await documentForm("Scanned procurement report", await scanWithWords(), { name: "report.png", type: "image/png" }) });
    const id = uploaded.body.document.id as number;
    await settled(id, admin);
    const refused = await call(`/api/documents/${id}/prepare`, { method: "POST", token: admin, json: { flatten: false, ocr: true }, headers: { "accept-language": "ne" } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: ne.documentOcrNeedsFlatten, code: "document_ocr_needs_flatten" });

    expect((await call(`/api/documents/${id}/prepare`, { method: "POST", token: admin, json: { flatten: true, dpi: 150, ocr: true } })).status).toBe(202);
    // Its OCR layer is ours, read from the pixels readers see: it holds nothing up.
    const prepared = await settled(id, admin);
    expect(prepared).toMatchObject({ status: "clean", findings: [], prepared: { flatten: true, dpi: 150, ocr: true, findings: [] } });
    expect((await call(`/api/documents/${id}/publish`, { method: "POST", token: admin, json: {} })).status).toBe(202);
    await settled(id, admin);

    const seen = (await call(`/api/documents/${id}`)).body.document;
    expect(seen.text_url).toEqual(expect.any(String));
    const text = JSON.stringify(await (await fetch(baseUrl() + seen.text_url)).json());
    for (const word of [...SCAN_LINES[0].split(" "), ...SCAN_LINES[1].split(" ")]) expect(text).toContain(word);
    const search = await (await fetch(`${baseUrl()}/search?q=${encodeURIComponent("ministry supplier")}`)).text();
    expect(search).toContain(`href="/documents/${seen.slug}"`);
  }, 120_000);
});

describe("PUT /api/documents/{id}", () => {
  it("replaces an unpublished document's texts, date, tags and address, and asks again for a title", async () => {
    const admin = await asAdmin();
    const { id } = await examinedDocument(admin);
    const tag = await call("/api/tags", { method: "POST", token: admin, json: { name: `Melamchi ${Date.now()}` } });
    const slug = `melamchi-contract-${Date.now()}`;
    const edited = await call(`/api/documents/${id}`, {
      method: "PUT",
      token: admin,
      json: { title_en: "Melamchi tunnel contract", title_ne: "मेलम्ची सुरुङ सम्झौता", source_en: "Obtained by Khulasa", date: "2024-03-01", tags: [tag.body.id], slug },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.document).toMatchObject({
      id,
      slug,
      title_en: "Melamchi tunnel contract",
      title_ne: "मेलम्ची सुरुङ सम्झौता",
      source_en: "Obtained by Khulasa",
      date: "2024-03-01",
      tags: [expect.objectContaining({ id: tag.body.id })],
    });
    expect((await call(`/api/documents/${slug}`, { token: admin })).body.document.id).toBe(id);

    const untitled = await call(`/api/documents/${id}`, { method: "PUT", token: admin, json: { title_en: " ", description_en: "Kept nowhere" }, headers: { "accept-language": "ne" } });
    expect(untitled.status).toBe(400);
    expect(untitled.body).toEqual({ error: ne.documentTitleRequired, code: "document_title_required" });
    expect((await call(`/api/documents/${id}`, { token: admin })).body.document).toMatchObject({ title_en: "Melamchi tunnel contract", description_en: null });

    const trail = await call(`/api/audit?object=document&object_id=${id}`, { token: admin });
    expect(trail.body.entries[0]).toMatchObject({ action: "document.update", object_id: id });
  });

  it("retitles a published document for readers and search, keeps the words of its file searchable, and keeps its address", async () => {
    const admin = await asAdmin();
    const { id } = await examinedDocument(admin, await plain.pages(1));
    await call(`/api/documents/${id}/prepare`, { method: "POST", token: admin, json: { flatten: false } });
    expect((await settled(id, admin)).status).toBe("clean");
    const sitemap = async (edition: "" | "/ne") => (await fetch(`${baseUrl()}${edition}/sitemap/documents.xml`)).text();
    const unpublished = (await call(`/api/documents/${id}`, { token: admin })).body.document.slug as string;
    expect(await sitemap("")).not.toContain(`/documents/${unpublished}<`);
    await call(`/api/documents/${id}/publish`, { method: "POST", token: admin, json: {} });
    const { slug } = await settled(id, admin);
    // Crawlers find it in both editions' sitemaps, each pointing to its other edition's page.
    expect(await (await fetch(`${baseUrl()}/sitemap.xml`)).text()).toContain("/sitemap/documents.xml</loc>");
    expect(await sitemap("")).toMatch(new RegExp(`<loc>[^<]*/documents/${slug}</loc>.*hreflang="ne[^"]*" href="[^"]*/ne/documents/${slug}"`));
    expect(await sitemap("/ne")).toContain(`/ne/documents/${slug}</loc>`);

    const title = `Sundarijal ledger ${Date.now()}`;
    expect((await call(`/api/documents/${id}`, { method: "PUT", token: admin, json: { title_en: title } })).status).toBe(200);
    const anonymous = await call(`/api/documents/${slug}`);
    expect(anonymous.body.document.title_en).toBe(title);
    expect(anonymous.headers.get("cache-control")).toMatch(/^public/);
    expect((await call(`/api/documents/${slug}`, { token: admin })).headers.get("cache-control")).toBe("private, no-store");
    const page = await (await fetch(`${baseUrl()}/documents/${slug}`)).text();
    expect(page).toContain(title);
    // Given no description, search results and shared links still say what it is.
    expect(page).toContain(`<meta name="description" content="${title}: a document published by Khulasa, to read page by page and download."/>`);
    for (const words of [title, "Public text on page"]) {
      const search = await (await fetch(`${baseUrl()}/search?q=${encodeURIComponent(words)}`)).text();
      expect(search, words).toContain(`href="/documents/${slug}"`);
    }

    const moved = await call(`/api/documents/${id}`, { method: "PUT", token: admin, json: { title_en: title, slug: "somewhere-else" } });
    expect(moved.status).toBe(409);
    expect(moved.body).toEqual({ error: en.documentSlugPublished, code: "document_slug_published" });
  });
});

describe("POST /api/documents/{id}/withdraw", () => {
  it("takes a published document down with a written reason: its files, page, search entry and sitemap entry go; it can be published again", async () => {
    const admin = await asAdmin();
    const { id } = await examinedDocument(admin, await plain.pages(2));
    await call(`/api/documents/${id}/prepare`, { method: "POST", token: admin, json: { flatten: false } });
    await settled(id, admin);
    await call(`/api/documents/${id}/publish`, { method: "POST", token: admin, json: {} });
    const published = await settled(id, admin);
    const seen = (await call(`/api/documents/${published.slug}`)).body.document;
    const files = [seen.url, seen.text_url, seen.page_images[1].image, seen.page_images[1].image_widths[0].url, seen.page_images[0].thumbnail] as string[];
    for (const file of files) expect((await fetch(baseUrl() + file)).status, file).toBe(200);

    const unexplained = await call(`/api/documents/${id}/withdraw`, { method: "POST", token: admin, json: { reason: "  " }, headers: { "accept-language": "ne" } });
    expect(unexplained.status).toBe(400);
    expect(unexplained.body).toEqual({ error: ne.withdrawReasonRequired, code: "withdraw_reason_required" });
    expect((await call(`/api/documents/${published.slug}`)).status).toBe(200);

    const reason = "A source's initials are legible on page 2.";
    const withdrawn = await call(`/api/documents/${id}/withdraw`, { method: "POST", token: admin, json: { reason } });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.document).toMatchObject({ published_at: null, url: null });
    expect((await call(`/api/documents/${published.slug}`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/documents/${published.slug}`)).status).toBe(404);
    for (const file of files) expect((await fetch(baseUrl() + file)).status, file).toBe(404);
    expect(await (await fetch(`${baseUrl()}/sitemap/documents.xml`)).text()).not.toContain(`/documents/${published.slug}<`);
    const search = await (await fetch(`${baseUrl()}/search?q=${encodeURIComponent(published.title_en)}`)).text();
    expect(search).not.toContain(`href="/documents/${published.slug}"`);
    const trail = await call(`/api/audit?object=document&object_id=${id}`, { token: admin });
    expect(trail.body.entries[0]).toMatchObject({ action: "document.withdraw", summary: expect.stringContaining(reason) });

    const again = await call(`/api/documents/${id}/withdraw`, { method: "POST", token: admin, json: { reason } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("document_not_published");

    await call(`/api/documents/${id}/publish`, { method: "POST", token: admin, json: {} });
    expect((await settled(id, admin)).published_at).toEqual(expect.any(String));
    expect((await fetch(baseUrl() + seen.url)).status).toBe(200);
  });
});
