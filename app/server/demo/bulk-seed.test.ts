import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsQuerySchema } from "~/lib/schemas";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { articleMedia, articleTags, articles, categories, tags, writers } from "../db/schema";
import { derivedFromContent } from "../services/article-writes";
import { listArticles } from "../services/articles";
import { createUser } from "../services/users";
import { localDiskStorage } from "../storage";
import { bulkSeed } from "./bulk-seed";
import { seedDemoContent } from "./seed";

const COUNT = 400;
let handle: DatabaseHandle;
let uploads: string;
/** The last id of the demo: the archive's articles come after it. */
let demoLastId: number;
const progress: number[] = [];

beforeAll(async () => {
  // As `npm run seed` meets a database: a first start has made the admin and loaded the demo.
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  uploads = await mkdtemp(path.join(tmpdir(), "bulk-seed-"));
  await createUser(handle.db, { name: "Admin", email: "admin@example.com", password: "correct horse battery", role: "admin" });
  await handle.db.transaction((tx) => seedDemoContent(tx, localDiskStorage(uploads)));
  demoLastId = (await handle.db.select({ id: articles.id }).from(articles)).reduce((last, a) => Math.max(last, a.id), 0);
  await bulkSeed(handle.db, { articles: COUNT, onProgress: (written) => progress.push(written) });
}, 60_000);

afterAll(async () => {
  await handle?.close();
  if (uploads) await rm(uploads, { recursive: true, force: true });
});

const archive = () => handle.db.select().from(articles).where(gt(articles.id, demoLastId));

describe("the bulk archive", () => {
  it("writes the articles asked for, half in Nepali and half in English, and reports its progress", async () => {
    const rows = await handle.db.select({ language: articles.language, n: count() }).from(articles).where(gt(articles.id, demoLastId)).groupBy(articles.language);
    expect(Object.fromEntries(rows.map((r) => [r.language, r.n]))).toEqual({ ne: COUNT / 2, en: COUNT / 2 });
    expect(progress.at(-1)).toBe(COUNT);
  });

  it("stores the columns listings and search read exactly as a save through the service would", async () => {
    for (const row of await archive()) {
      expect({ excerpt: row.excerpt, wordCount: row.wordCount, bodyText: row.bodyText }, row.slug).toEqual(derivedFromContent(row.content));
      expect(row.excerpt).not.toBe("");
      expect(row.metaDescription).not.toBe("");
    }
  });

  it("writes bodies of several paragraphs, mostly 400 to 1,500 words long", async () => {
    const rows = await archive();
    const typical = rows.filter((a) => a.wordCount >= 400 && a.wordCount <= 1500);
    expect(typical.length / rows.length).toBeGreaterThan(0.7);
    expect(new Set(rows.map((a) => a.wordCount)).size).toBeGreaterThan(COUNT / 4);
    for (const row of rows) expect(row.content.match(/<p>/g)?.length ?? 0, row.slug).toBeGreaterThanOrEqual(3);
  });

  it("is searchable like a real archive: a word of the beat is in some stories, not all, in both languages", async () => {
    const published = (await listArticles(handle.db, null, newsQuerySchema.parse({}))).total;
    for (const [word, language] of [["procurement", "en"], ["अख्तियार", "ne"]] as const) {
      const found = await listArticles(handle.db, null, newsQuerySchema.parse({ search: word, limit: 50 }));
      expect(found.total, word).toBeGreaterThan(published / 50);
      expect(found.total, word).toBeLessThan(published / 4);
      expect(found.articles.every((a) => a.language === language), word).toBe(true);
    }
  });

  it("has drafts, featured stories, 2 to 4 tags and a banner on every article", async () => {
    const rows = await archive();
    const drafts = rows.filter((a) => !a.isPublished).length;
    expect(drafts).toBeGreaterThan(COUNT * 0.04);
    expect(drafts).toBeLessThan(COUNT * 0.2);
    expect(rows.some((a) => a.isFeatured)).toBe(true);
    const tagged = await handle.db.select({ id: articleTags.articleId, n: count() }).from(articleTags).where(gt(articleTags.articleId, demoLastId)).groupBy(articleTags.articleId);
    expect(tagged).toHaveLength(COUNT);
    for (const { n } of tagged) {
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(4);
    }
    const banners = await handle.db.select({ n: count() }).from(articleMedia).where(and(gt(articleMedia.articleId, demoLastId), eq(articleMedia.kind, "banner")));
    expect(banners[0]!.n).toBe(COUNT);
  });

  it("makes some stories a pair of versions, one in each language", async () => {
    const rows = await archive();
    const byStory = new Map<number, typeof rows>();
    for (const row of rows) byStory.set(row.storyId, [...(byStory.get(row.storyId) ?? []), row]);
    const translated = rows.filter((a) => byStory.get(a.storyId)!.length > 1);
    expect(translated.length).toBeGreaterThan(COUNT * 0.05);
    for (const article of translated) {
      const versions = byStory.get(article.storyId)!;
      expect(versions).toHaveLength(2);
      const partner = versions.find((other) => other.id !== article.id);
      expect(partner?.language).not.toBe(article.language);
      expect(partner?.categoryId).toBe(article.categoryId);
    }
  });

  it("adds to an archive already there without clashing addresses", async () => {
    const [before] = await handle.db.select({ n: count() }).from(articles);
    await bulkSeed(handle.db, { articles: 10 });
    const [after] = await handle.db.select({ n: count() }).from(articles);
    expect(after!.n).toBe(before!.n + 10);
  });
});

describe("the bulk archive on an empty database", () => {
  it("brings the demo's sections, writers and tags, and the same count writes the same archive", async () => {
    const [a, b] = await Promise.all([openDatabase({ kind: "pglite", dataDir: "memory" }), openDatabase({ kind: "pglite", dataDir: "memory" })]);
    try {
      await Promise.all([bulkSeed(a.db, { articles: 6 }), bulkSeed(b.db, { articles: 6 })]);
      for (const table of [categories, writers, tags]) expect((await a.db.select({ n: count() }).from(table))[0]!.n).toBeGreaterThanOrEqual(4);
      const texts = (db: DatabaseHandle["db"]) => db.select({ title: articles.title, content: articles.content }).from(articles).orderBy(articles.id);
      const first = await texts(a.db);
      expect(first).toHaveLength(6);
      expect(await texts(b.db)).toEqual(first);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);
});
