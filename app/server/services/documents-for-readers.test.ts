/**
 * What readers' pages ask of the documents service (issue 38): a published document's page, and the
 * published documents of a story for its embeds. Rows are written directly: publication itself,
 * and the worker behind it, are documents.test.ts's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { articles, documentStories, documents } from "../db/schema";
import { AppError } from "../errors";
import { getPublicDocument, storyDocuments } from "./documents";

let handle: DatabaseHandle;
const SHA = "a".repeat(64);
const story = { en: 0, ne: 0, other: 0 };
const doc = { published: 0, second: 0, unpublished: 0 };

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  const [en] = await handle.db.insert(articles).values({ title: "Tender", slug: "tender", content: "<p>x</p>", isPublished: true }).returning();
  const [ne] = await handle.db
    .insert(articles)
    .values({ title: "ठेक्का", slug: "thekka", content: "<p>x</p>", isPublished: true, language: "ne", storyId: en!.storyId })
    .returning();
  const [other] = await handle.db.insert(articles).values({ title: "Other", slug: "other", content: "<p>x</p>", isPublished: true }).returning();
  Object.assign(story, { en: en!.id, ne: ne!.id, other: other!.id });

  const base = { originalSha256: SHA, originalSize: 10, status: "clean" as const, preparedSha256: SHA, preparedSize: 2048, preparedPages: 2 };
  const published = (slug: string, at: string) => ({
    ...base,
    slug,
    titles: { en: `Title ${slug}`, ne: `शीर्षक ${slug}` },
    sources: { en: "Obtained by Khulasa" },
    publishedAt: new Date(at),
    publishedUrl: `/uploads/${SHA}.pdf`,
    pageSizes: [
      { width: 612, height: 792 },
      { width: 792, height: 612 },
    ],
    hasText: true,
  });
  const rows = await handle.db
    .insert(documents)
    .values([
      // Drawn since phones got their own picture (issue 38); "earlier" before.
      {
        ...published("later", "2026-02-01T00:00:00Z"),
        pageSizes: [
          { width: 612, height: 792, drawn: 1200, phone: 720 },
          { width: 792, height: 612, drawn: 1200, phone: 720 },
        ],
      },
      published("earlier", "2026-01-01T00:00:00Z"),
      { ...base, slug: "draft", titles: { en: "Draft" }, status: "publishing" },
    ])
    .returning();
  Object.assign(doc, { second: rows[0]!.id, published: rows[1]!.id, unpublished: rows[2]!.id });
  await handle.db.insert(documentStories).values([doc.second, doc.published, doc.unpublished].map((documentId) => ({ documentId, storyId: en!.storyId })));
});

afterAll(async () => {
  await handle?.close();
});

describe("storyDocuments", () => {
  it("gives every version of a story its published documents, first published first, with the first page's pictures", async () => {
    for (const articleId of [story.en, story.ne]) {
      const embeds = await storyDocuments(handle.db, articleId);
      expect(embeds.map((embed) => embed.slug)).toEqual(["earlier", "later"]);
      expect(embeds[0]).toMatchObject({
        title_en: "Title earlier",
        title_ne: "शीर्षक earlier",
        source_en: "Obtained by Khulasa",
        source_ne: null,
        pages: 2,
        first_page: { number: 1, width: 612, height: 792, image: `/uploads/${SHA}-p1.webp`, thumbnail: `/uploads/${SHA}-t1.webp` },
      });
    }
  });

  it("gives a story without documents none", async () => {
    expect(await storyDocuments(handle.db, story.other)).toEqual([]);
  });
});

describe("getPublicDocument", () => {
  it("gives a published document by its slug with its page pictures and text, and its published stories", async () => {
    const document = await getPublicDocument(handle.db, "earlier", "en");
    expect(document.page_images.map((page) => page.image)).toEqual([`/uploads/${SHA}-p1.webp`, `/uploads/${SHA}-p2.webp`]);
    expect(document.text_url).toBe(`/uploads/${SHA}-text.json`);
    expect(document.articles.map((article) => article.slug).sort()).toEqual(["tender", "thekka"]);
    expect(document).not.toHaveProperty("findings");
  });

  it("gives each page's drawings by width for a srcset, and none for a document drawn before phones had their own", async () => {
    const later = await getPublicDocument(handle.db, "later", "en");
    expect(later.page_images[1]!.image_widths).toEqual([
      { url: `/uploads/${SHA}-p2-720w.webp`, width: 720 },
      { url: `/uploads/${SHA}-p2.webp`, width: 1200 },
    ]);
    const earlier = await getPublicDocument(handle.db, "earlier", "en");
    expect(earlier.page_images.map((page) => [page.image, page.image_widths])).toEqual([
      [`/uploads/${SHA}-p1.webp`, []],
      [`/uploads/${SHA}-p2.webp`, []],
    ]);
  });

  it("knows no document that is not yet published, nor one that does not exist", async () => {
    for (const key of ["draft", String(doc.unpublished), "nothing-here"]) {
      await expect(getPublicDocument(handle.db, key, "en")).rejects.toSatisfy((error) => error instanceof AppError && error.status === 404);
    }
  });
});
