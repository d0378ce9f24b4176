/**
 * Evidence documents through their service (issue 38), on an embedded database and the real
 * documents worker: an upload is examined in the background, nothing unprepared or leaky is
 * published without an editor's written reason, and only published ones are known to the public.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DocumentJson, DocumentTextJson, PublicDocumentJson } from "~/lib/api-types";
import type { Role } from "~/lib/limits";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { articles, auditLog, documentFileParts, documents, tags, users } from "../db/schema";
import type { Examination } from "../documents/findings";
import { leaky } from "../documents/test-pdfs";
import { extractedText, holds } from "../documents/test-search";
import { documentWorker } from "../documents/worker-pool";
import { localDiskStorage } from "../storage";
import type { Actor } from "./actor";
import { readDocumentFile } from "./document-files";
import { DOCUMENT_LEASE_MS, type DocumentJobs, documentJobs } from "./document-jobs";
import { searchDocuments } from "./document-search";
import { attachDocument, deleteDocument, documentPageImage, getDocument, listDocuments, prepareDocument, publishDocument, uploadDocument } from "./documents";

vi.hoisted(() => {
  // Small enough that a test can send more; read once, by the first upload.
  process.env.MAX_DOCUMENT_MB = "1";
});

const WORD = "KALIMATISOURCE";

let handle: DatabaseHandle;
let worker: ReturnType<typeof documentWorker>;
let jobs: DocumentJobs;
let mediaDir: string;
const people = {} as Record<Role | "otherContributor", Actor>;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  worker = documentWorker();
  mediaDir = await mkdtemp(path.join(os.tmpdir(), "documents-media-"));
  jobs = documentJobs(handle.db, worker, storage());
  const roles: [keyof typeof people, Role][] = [
    ["user", "user"],
    ["contributor", "contributor"],
    ["otherContributor", "contributor"],
    ["author", "author"],
    ["editor", "editor"],
    ["admin", "admin"],
  ];
  for (const [key, role] of roles) {
    const [row] = await handle.db.insert(users).values({ name: key, email: `${key}@example.com`, passwordHash: "x", role }).returning();
    people[key] = { id: row!.id, name: key, email: `${key}@example.com`, role };
  }
});

afterAll(async () => {
  await worker.stop();
  await handle.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const storage = () => localDiskStorage(mediaDir);

async function upload(bytes: Uint8Array, by: Actor = people.contributor, fields: Record<string, unknown> = {}) {
  // The examination takes the bytes it is given; each test keeps its own.
  return uploadDocument(handle.db, jobs, by, { name: "from-the-ministry.pdf", bytes: bytes.slice() }, { title_en: "Tender papers", source_en: "Obtained by Khulasa", ...fields }, "en");
}

/** The newsroom's view once every job has finished. */
async function examined(id: number, by: Actor = people.editor): Promise<DocumentJson> {
  await jobs.settled();
  return (await getDocument(handle.db, by, String(id), "en")).document as DocumentJson;
}

async function prepared(id: number, flatten: boolean, by: Actor = people.editor) {
  await prepareDocument(handle.db, jobs, by, id, { flatten, dpi: 72 }, "en");
  return examined(id, by);
}

/** Published, once its pages are drawn. */
async function publish(id: number, by: Actor | null = people.editor, body: unknown = {}) {
  expect(await publishDocument(handle.db, jobs, by, id, body, "en")).toMatchObject({ status: "publishing", published_at: null });
  return examined(id, people.editor);
}

const refusal = (status: number, key: string) => expect.objectContaining({ status, key });

// Each worker thread compiles the engine through tsx as it starts: seconds, more under load.
describe("evidence documents", { timeout: 120_000 }, () => {
  it("examines an upload in the background, and finds the words under a box with their page", async () => {
    const [tag] = await handle.db.insert(tags).values({ names: { en: "Procurement", ne: "खरिद" }, slug: "procurement" }).returning();
    const original = await leaky.blackBox(WORD);
    // As a form sends it: the tags' ids as a JSON list in one field.
    const answer = await upload(original, people.contributor, { tags: JSON.stringify([tag!.id]) });
    expect(answer.tags).toEqual([{ id: tag!.id, name: "Procurement", name_en: "Procurement", name_ne: "खरिद", slug: "procurement" }]);
    expect(answer).toMatchObject({ status: "examining", sha256: createHash("sha256").update(original).digest("hex"), findings: [] });

    const document = await examined(answer.id, people.contributor);
    expect(document).toMatchObject({ status: "needs_review", pages: 2, title_en: "Tender papers", source_en: "Obtained by Khulasa", slug: "tender-papers" });
    expect(document.findings).toContainEqual({ kind: "text_under_box", page: 2, rect: expect.any(Array), text: WORD, page_size: [400, 300] });
    expect(document.original.name).toBe("from-the-ministry.pdf");
  });

  it("keeps an unpublished document from anyone who may not see it, as if it did not exist", async () => {
    const { id } = await upload(await leaky.author("Sita Sharma"), people.contributor, { title_ne: "टेन्डर कागजात" });
    await jobs.settled();
    for (const stranger of [null, people.user, people.otherContributor]) {
      await expect(getDocument(handle.db, stranger, String(id), "en")).rejects.toEqual(refusal(404, "documentNotFound"));
    }
    for (const member of [people.contributor, people.editor, people.admin]) {
      expect((await getDocument(handle.db, member, String(id), "en")).document).toHaveProperty("findings");
    }
    expect((await listDocuments(handle.db, people.otherContributor, { q: "", page: 1, limit: 100 }, "en")).documents.map((d) => d.id)).not.toContain(id);
    expect((await listDocuments(handle.db, people.editor, { q: "", page: 1, limit: 100 }, "en")).documents.map((d) => d.id)).toContain(id);
    // Narrowed by a title's words, in either language, case aside: the citation dialog's search.
    const titled = async (q: string) => (await listDocuments(handle.db, people.editor, { q, page: 1, limit: 100 }, "en")).documents.map((d) => d.id);
    expect(await titled("TENDER pap")).toContain(id);
    expect(await titled("टेन्डर")).toContain(id);
    expect(await titled("budget speech")).not.toContain(id);
    expect(await titled("100%_")).not.toContain(id);
    await expect(listDocuments(handle.db, null, { q: "", page: 1, limit: 20 }, "en")).rejects.toEqual(refusal(401, "loginRequiredAdmin"));
    await expect(listDocuments(handle.db, people.user, { q: "", page: 1, limit: 20 }, "en")).rejects.toEqual(refusal(403, "adminRequired"));
  });

  it("publishes only a prepared file without findings; its public bytes hold no hidden word and match its sha256", async () => {
    const original = await leaky.blackBox(WORD);
    expect(holds(original, WORD), "the test file must hold the word").toBe(true);
    const { id } = await upload(original, people.author);
    await jobs.settled();
    await expect(publish(id, people.author)).rejects.toEqual(refusal(409, "documentNotPrepared"));

    // Rewriting keeps the page's text: the words are still under the box.
    const rewritten = await prepared(id, false, people.author);
    expect(rewritten).toMatchObject({ status: "needs_review", prepared: { flatten: false } });
    expect(rewritten.findings).toContainEqual(expect.objectContaining({ kind: "text_under_box", page: 2, text: WORD }));
    await expect(publish(id, people.author)).rejects.toEqual(refusal(409, "documentHasFindings"));

    const flattened = await prepared(id, true, people.author);
    expect(flattened).toMatchObject({ status: "clean", findings: [], pages: 2, prepared: { flatten: true, dpi: 72 } });
    expect(flattened.original.findings).toContainEqual(expect.objectContaining({ kind: "text_under_box" }));
    // The copy examined took the rewritten one's place, and nothing of it is left staged.
    const stored = await handle.db.selectDistinct({ file: documentFileParts.file }).from(documentFileParts).where(eq(documentFileParts.documentId, id));
    expect(stored.map((part) => part.file).sort()).toEqual(["original", "prepared"]);
    const preparedBytes = await readDocumentFile(handle.db, id, "prepared");
    expect(createHash("sha256").update(preparedBytes!).digest("hex")).toBe(flattened.sha256);
    await expect(getDocument(handle.db, null, String(id), "en")).rejects.toEqual(refusal(404, "documentNotFound"));

    const published = await publish(id, people.author);
    expect(published.url).toBe(`/uploads/${flattened.sha256}.pdf`);
    const bytes = new Uint8Array(await readFile(path.join(mediaDir, `${flattened.sha256}.pdf`)));
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(flattened.sha256);
    expect(holds(bytes, WORD)).toBe(false);
    expect(await extractedText(bytes)).not.toContain(WORD);

    const seen = (await getDocument(handle.db, null, flattened.slug, "en")).document;
    expect(seen).toEqual({
      id,
      slug: flattened.slug,
      ...Object.fromEntries(["title", "description", "source"].flatMap((field) => ["en", "ne"].map((language) => [`${field}_${language}`, (flattened as never)[`${field}_${language}`]]))),
      date: null,
      sha256: flattened.sha256,
      pages: 2,
      size: bytes.byteLength,
      url: published.url,
      published_at: published.published_at,
      page_images: [1, 2].map((number) => ({
        number,
        width: 400,
        height: 300,
        image: `/uploads/${flattened.sha256}-p${number}.webp`,
        thumbnail: `/uploads/${flattened.sha256}-t${number}.webp`,
        image_widths: [
          { url: `/uploads/${flattened.sha256}-p${number}-720w.webp`, width: 720 },
          { url: `/uploads/${flattened.sha256}-p${number}.webp`, width: 1200 },
        ],
      })),
      // Flattened: pictures of pages, no text to select.
      text_url: null,
      articles: [],
      tags: [],
    });
    await expect(prepareDocument(handle.db, jobs, people.author, id, { flatten: false }, "en")).rejects.toEqual(refusal(409, "documentPublished"));
  });

  it("drops the author's name in preparation, so the file is published without it", async () => {
    const original = await leaky.author("Sita Sharma");
    const { id } = await upload(original, people.editor);
    expect((await examined(id)).findings).toContainEqual(expect.objectContaining({ kind: "metadata", text: expect.stringContaining("Sita Sharma") }));
    expect(await prepared(id, false)).toMatchObject({ status: "clean", findings: [] });
    const { sha256 } = await publish(id);
    const bytes = await readFile(path.join(mediaDir, `${sha256}.pdf`));
    expect(holds(bytes, "Sita Sharma")).toBe(false);
  });

  it("draws a published file's pages and its text for readers; the text stays where the page shows it", async () => {
    const { id } = await upload(await leaky.author("Sita Sharma"), people.editor);
    await jobs.settled();
    await prepared(id, false);
    const { slug, sha256 } = await publish(id);
    const seen = (await getDocument(handle.db, null, slug, "en")).document as PublicDocumentJson;
    expect(seen.page_images).toHaveLength(1);
    const picture = await readFile(path.join(mediaDir, `${sha256}-p1.webp`));
    const phone = await readFile(path.join(mediaDir, `${sha256}-p1-720w.webp`));
    const thumbnail = await readFile(path.join(mediaDir, `${sha256}-t1.webp`));
    for (const image of [picture, phone, thumbnail]) expect([image.subarray(0, 4).toString(), image.subarray(8, 12).toString()]).toEqual(["RIFF", "WEBP"]);
    expect(phone.byteLength).toBeLessThan(picture.byteLength);
    expect(thumbnail.byteLength).toBeLessThan(phone.byteLength);
    expect(seen.text_url).toBe(`/uploads/${sha256}-text.json`);
    const text = JSON.parse(await readFile(path.join(mediaDir, `${sha256}-text.json`), "utf8")) as DocumentTextJson;
    // "Public text on page 1" is drawn at x 30, y 250 (from the bottom) of a 400 × 300 page.
    const [run] = text.pages[0]!.runs;
    expect(text.pages[0]!.number).toBe(1);
    expect(run!.text).toBe("Public text on page 1");
    expect(run!.box[0]).toBeCloseTo(30 / 400, 2);
    expect(run!.box[3]).toBeGreaterThan(40 / 300);
    expect(run!.box[1]).toBeLessThan(50 / 300);
  });

  it("is found by search once published: by its title, its description and its file's text, its edition's language first", async () => {
    const english = await upload(await leaky.author("Ram"), people.editor, { title_en: "Melamchi tunnel contract", description_en: "The addendum signed in 2019" });
    const nepali = await upload(await leaky.author("Ram"), people.editor, { title_en: "", title_ne: "मेलम्ची सुरुङ सम्झौता", source_ne: "सार्वजनिक अभिलेख" });
    await jobs.settled();
    for (const { id } of [english, nepali]) await prepared(id, false);
    expect(await searchDocuments(handle.db, "Melamchi", "en")).toEqual([]);
    for (const { id } of [english, nepali]) await publish(id);

    expect((await searchDocuments(handle.db, "tunnel contracts", "en")).map((hit) => hit.slug)).toEqual([english.slug]);
    expect((await searchDocuments(handle.db, "addendum", "en")).map((hit) => hit.slug)).toEqual([english.slug]);
    expect(await searchDocuments(handle.db, "सुरुङ", "ne")).toEqual([{ slug: nepali.slug, title: "मेलम्ची सुरुङ सम्झौता", source: "सार्वजनिक अभिलेख", pages: 1, date: null }]);
    // "Public text on page 1" is in both files: each edition lists the one titled in its language first.
    const both = await searchDocuments(handle.db, "public text page", "ne");
    expect(both.map((hit) => hit.slug).slice(0, 2)).toEqual([nepali.slug, english.slug]);
    expect((await searchDocuments(handle.db, "public text page", "en")).map((hit) => hit.slug)[0]).toBe(english.slug);
  });

  it("deletes a document never published, with its files, for who may change it; a published one stays", async () => {
    const { id } = await upload(await leaky.author("Ram"), people.contributor);
    await expect(deleteDocument(handle.db, people.contributor, id)).rejects.toEqual(refusal(409, "documentExamining"));
    await jobs.settled();
    await expect(deleteDocument(handle.db, people.otherContributor, id)).rejects.toEqual(refusal(404, "documentNotFound"));
    await deleteDocument(handle.db, people.contributor, id);
    await expect(getDocument(handle.db, people.editor, String(id), "en")).rejects.toEqual(refusal(404, "documentNotFound"));
    expect(await handle.db.select().from(documentFileParts).where(eq(documentFileParts.documentId, id))).toEqual([]);
    const [entry] = await handle.db.select().from(auditLog).where(and(eq(auditLog.action, "document.delete"), eq(auditLog.objectId, id)));
    expect(entry).toMatchObject({ actorId: people.contributor.id });

    const published = await upload(await leaky.author("Ram"), people.editor);
    await jobs.settled();
    await prepared(published.id, false);
    await publish(published.id);
    await expect(deleteDocument(handle.db, people.editor, published.id)).rejects.toEqual(refusal(409, "documentPublished"));
  });

  it("draws a page of either file for the newsroom only, now, and no page past the end", async () => {
    const { id } = await upload(await leaky.blackBox(WORD), people.contributor);
    await jobs.settled();
    const page = await documentPageImage(handle.db, worker, people.contributor, id, 2, "original");
    expect(Buffer.from(page).subarray(8, 12).toString()).toBe("WEBP");
    const strangers: [Actor | null, number][] = [
      [null, 401],
      [people.user, 403],
      [people.otherContributor, 404],
    ];
    for (const [stranger, status] of strangers) {
      await expect(documentPageImage(handle.db, worker, stranger, id, 2, "original")).rejects.toEqual(expect.objectContaining({ status }));
    }
    await expect(documentPageImage(handle.db, worker, people.editor, id, 3, "original")).rejects.toEqual(refusal(404, "documentPageNotFound"));
    await expect(documentPageImage(handle.db, worker, people.editor, id, 1, "prepared")).rejects.toEqual(refusal(404, "documentPageNotFound"));
  });

  it("publishes despite findings only with an editor's written reason, and audits it", async () => {
    const { id } = await upload(await leaky.blackBox(WORD), people.author);
    await jobs.settled();
    await prepared(id, false);
    const reason = "The covered words are the ministry's own public redaction, already in court records.";
    await expect(publish(id, people.author, { override: { reason } })).rejects.toEqual(refusal(403, "roleForbidden"));
    await expect(publish(id, people.editor, { override: { reason: "  " } })).rejects.toMatchObject({ issues: [expect.objectContaining({ message: "overrideReasonRequired" })] });

    const published = await publish(id, people.editor, { override: { reason } });
    expect(published).toMatchObject({ status: "needs_review", override: { reason, by: people.editor.id } });
    expect(published.published_at).not.toBeNull();
    const entries = await handle.db.select().from(auditLog).where(and(eq(auditLog.objectType, "document"), eq(auditLog.objectId, id))).orderBy(auditLog.id);
    expect(entries.map((entry) => entry.action)).toEqual(["document.upload", "document.prepare", "document.override"]);
    expect(entries[2]).toMatchObject({ actorId: people.editor.id, summary: expect.stringContaining(reason) });
  });

  it("lets contributors upload and prepare their own, not publish; readers nothing", async () => {
    const { id } = await upload(await leaky.author("Ram"), people.contributor);
    await jobs.settled();
    await expect(prepareDocument(handle.db, jobs, people.otherContributor, id, { flatten: false }, "en")).rejects.toEqual(refusal(404, "documentNotFound"));
    await prepared(id, false, people.contributor);
    await expect(publish(id, people.contributor)).rejects.toEqual(refusal(403, "roleForbidden"));
    await expect(publish(id, people.author)).rejects.toEqual(refusal(404, "documentNotFound"));
    await expect(publish(id, null)).rejects.toEqual(refusal(401, "loginRequiredAdmin"));
    await expect(upload(await leaky.author("Ram"), people.user)).rejects.toEqual(refusal(403, "adminRequired"));
    await expect(uploadDocument(handle.db, jobs, null, { name: "a.pdf", bytes: await leaky.author("Ram") }, { title_en: "Ram" }, "en")).rejects.toEqual(refusal(401, "loginRequiredAdmin"));
    expect((await publish(id, people.admin)).published_at).not.toBeNull();
  });

  it("attaches a document to stories whose articles one may edit, and shows readers only the published ones", async () => {
    const article = async (title: string, author: Actor, isPublished: boolean, story?: { storyId: number; language: "ne" }) => {
      const [row] = await handle.db
        .insert(articles)
        .values({ title, slug: title.toLowerCase().replaceAll(" ", "-"), content: "<p>Body</p>", authorId: author.id, isPublished, ...story })
        .returning();
      return row!;
    };
    const draft = await article("Tender draft", people.author, false);
    const draftInNepali = await article("Tender draft ne", people.author, false, { storyId: draft.storyId, language: "ne" });
    const editors = await article("Tender story", people.editor, true);
    const { id } = await upload(await leaky.author("Ram"), people.author);
    await jobs.settled();

    const attached = await attachDocument(handle.db, people.author, id, { articles: [draft.id] }, "en");
    expect(attached.articles.map((a) => a.id).sort()).toEqual([draft.id, draftInNepali.id].sort());
    await expect(attachDocument(handle.db, people.author, id, { articles: [editors.id] }, "en")).rejects.toEqual(refusal(403, "roleForbidden"));
    await expect(attachDocument(handle.db, people.author, id, { articles: [999_999] }, "en")).rejects.toEqual(refusal(404, "articleNotFound"));
    await expect(attachDocument(handle.db, people.otherContributor, id, { articles: [] }, "en")).rejects.toEqual(refusal(404, "documentNotFound"));

    await attachDocument(handle.db, people.editor, id, { articles: [draft.id, editors.id] }, "en");
    await prepared(id, false);
    await publish(id);
    const seen = (await getDocument(handle.db, null, String(id), "en")).document;
    expect(seen.articles).toEqual([{ id: editors.id, slug: editors.slug, title: "Tender story", language: "en" }]);
    const actions = await handle.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.objectType, "document"), eq(auditLog.objectId, id)));
    expect(actions.filter((entry) => entry.action === "document.attach")).toHaveLength(2);
  });

  it("refuses what is not a PDF, an empty file, one over the limit, and an untitled one, storing nothing", async () => {
    const before = (await handle.db.select({ id: documents.id }).from(documents)).length;
    await expect(upload(new TextEncoder().encode("GIF89a not a pdf"))).rejects.toEqual(refusal(415, "documentNotPdf"));
    await expect(upload(new Uint8Array())).rejects.toEqual(refusal(400, "noFile"));
    const large = new Uint8Array(1024 * 1024 + 1);
    large.set(new TextEncoder().encode("%PDF-1.7\n"));
    await expect(upload(large)).rejects.toEqual(expect.objectContaining({ status: 413, key: "documentTooLarge", values: { max: 1 } }));
    await expect(upload(await leaky.author("Ram"), people.editor, { tags: "[999999]" })).rejects.toEqual(refusal(400, "unknownTags"));
    await expect(upload(await leaky.author("Ram"), people.editor, { title_en: "" })).rejects.toMatchObject({ issues: [expect.objectContaining({ message: "documentTitleRequired" })] });
    expect((await handle.db.select({ id: documents.id }).from(documents)).length).toBe(before);
  });

  it("answers busy, with when to ask again, while this instance's jobs are full, storing nothing", async () => {
    const full = documentJobs(handle.db, worker, storage(), { capacity: 0 });
    const before = (await handle.db.select({ id: documents.id }).from(documents)).length;
    const bytes = await leaky.author("Ram");
    await expect(uploadDocument(handle.db, full, people.editor, { name: "a.pdf", bytes }, { title_en: "Busy" }, "en")).rejects.toEqual(
      expect.objectContaining({ status: 503, key: "documentsBusy", retryAfterSeconds: 30 }),
    );
    expect((await handle.db.select({ id: documents.id }).from(documents)).length).toBe(before);
    const { id } = await upload(bytes, people.editor);
    await jobs.settled();
    await expect(prepareDocument(handle.db, full, people.editor, id, { flatten: false }, "en")).rejects.toEqual(expect.objectContaining({ status: 503, key: "documentsBusy" }));
    expect(await examined(id)).toMatchObject({ status: "needs_review", prepared: null });
  });

  it("marks a file the worker cannot read as failed, with the reason in the reader's language", async () => {
    const broken = new TextEncoder().encode("%PDF-1.7\nthis is no PDF after its header\n");
    const { id } = await upload(broken, people.editor);
    const document = await examined(id);
    expect(document).toMatchObject({ status: "failed", failure: "The file could not be read as a PDF or an image." });
    await expect(publish(id)).rejects.toEqual(refusal(409, "documentNotPrepared"));
  });

  it("shows an examination's progress, and a job whose instance stopped is taken over and finished", async () => {
    let release: (examination: Examination) => void = () => {};
    const stalled: Parameters<typeof documentJobs>[1] = {
      examine: (_bytes, onProgress) => {
        onProgress?.({ page: 1, pages: 2 });
        return new Promise((resolve) => (release = resolve));
      },
      prepare: () => new Promise(() => {}),
      render: () => new Promise(() => {}),
    };
    const stopped = documentJobs(handle.db, stalled, storage());
    const start = new Date();
    const { id } = await uploadDocument(handle.db, stopped, people.editor, { name: "a.pdf", bytes: await leaky.blackBox(WORD) }, { title_en: "Stalled" }, "en", start);
    await vi.waitFor(async () => expect((await getDocument(handle.db, people.editor, String(id), "en")).document).toMatchObject({ status: "examining", progress: { page: 1, pages: 2 } }));

    // The instance is gone; another takes the job once its lease has run out, not before.
    await jobs.resume(new Date(start.getTime() + DOCUMENT_LEASE_MS - 1000));
    expect((await examined(id)).status).toBe("examining");
    await jobs.resume(new Date(start.getTime() + DOCUMENT_LEASE_MS + 1000));
    expect(await examined(id)).toMatchObject({ status: "needs_review", progress: null, findings: [expect.objectContaining({ kind: "text_under_box", page: 2 })] });
    // The first instance's late answer changes nothing: the job is no longer pending.
    release({ pages: 2, sha256: "", findings: [] });
    await stopped.settled();
    expect((await examined(id)).status).toBe("needs_review");
  });

  it("keeps a document from readers while its pages are drawn; drawing left by a stopped instance is taken over", async () => {
    const { id } = await upload(await leaky.author("Ram"), people.editor);
    await jobs.settled();
    await prepared(id, false);
    const stalled: Parameters<typeof documentJobs>[1] = { examine: () => new Promise(() => {}), prepare: () => new Promise(() => {}), render: () => new Promise(() => {}) };
    const stopped = documentJobs(handle.db, stalled, storage());
    const start = new Date();
    expect(await publishDocument(handle.db, stopped, people.editor, id, {}, "en", start)).toMatchObject({ status: "publishing", published_at: null });
    // Asked twice, it is still one job.
    expect(await publishDocument(handle.db, stopped, people.editor, id, {}, "en", start)).toMatchObject({ status: "publishing" });
    await expect(getDocument(handle.db, null, String(id), "en")).rejects.toEqual(refusal(404, "documentNotFound"));
    await expect(prepareDocument(handle.db, jobs, people.editor, id, { flatten: false }, "en")).rejects.toEqual(refusal(409, "documentPublished"));

    await jobs.resume(new Date(start.getTime() + DOCUMENT_LEASE_MS + 1000));
    expect(await examined(id)).toMatchObject({ status: "clean", published_at: expect.any(String) });
    expect((await getDocument(handle.db, null, String(id), "en")).document).toMatchObject({ page_images: [expect.objectContaining({ number: 1 })] });
  });

  it("after a restart of the only instance, takes over every job left examining at once", async () => {
    const { id } = await upload(await leaky.author("Ram"), people.editor);
    await jobs.settled();
    await handle.db.update(documents).set({ status: "examining", job: { kind: "prepare", flatten: false }, leaseUntil: new Date(Date.now() + 60_000) }).where(eq(documents.id, id));
    await jobs.resume(new Date(), { everyLease: true });
    const document = await examined(id);
    expect(document).toMatchObject({ status: "clean", prepared: { flatten: false } });
    expect((await handle.db.select().from(documentFileParts).where(eq(documentFileParts.documentId, id))).map((part) => part.file).sort()).toEqual(["original", "prepared"]);
  });
});
