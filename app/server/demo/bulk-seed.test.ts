import { count, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsQuerySchema } from "~/lib/schemas";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { articleTags, articles, categories } from "../db/schema";
import { derivedFromContent, listArticles } from "../services/articles";
import { bulkSeed } from "./bulk-seed";

const COUNT = 300;
let handle: DatabaseHandle;
const progress: number[] = [];

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  await bulkSeed(handle.db, { articles: COUNT, onProgress: (written) => progress.push(written) });
});

afterAll(async () => {
  await handle?.close();
});

describe("the bulk archive", () => {
  it("writes the articles asked for, in both languages, with the demo's sections when there were none", async () => {
    const rows = await handle.db.select({ language: articles.language, n: count() }).from(articles).groupBy(articles.language);
    expect(Object.fromEntries(rows.map((r) => [r.language, r.n]))).toEqual({ ne: COUNT / 2, en: COUNT / 2 });
    expect((await handle.db.select().from(categories)).length).toBeGreaterThanOrEqual(8);
    expect(progress.at(-1)).toBe(COUNT);
  });

  it("stores what listings and search read exactly as a save through the service would", async () => {
    const sample = await handle.db.select().from(articles).limit(20);
    for (const row of sample) {
      expect({ excerpt: row.excerpt, wordCount: row.wordCount, bodyText: row.bodyText }).toEqual(derivedFromContent(row.content));
      expect(row.wordCount).toBeGreaterThan(50);
    }
  });

  it("is searchable like a real archive: a common word is in some articles, not all", async () => {
    const published = await listArticles(handle.db, null, newsQuerySchema.parse({}));
    const found = await listArticles(handle.db, null, newsQuerySchema.parse({ search: "procurement" }));
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(published.total / 2);
    const nepali = await listArticles(handle.db, null, newsQuerySchema.parse({ search: "सार्वजनिक" }));
    expect(nepali.total).toBeGreaterThan(0);
    expect(nepali.articles.every((a) => a.language === "ne")).toBe(true);
  });

  it("has drafts, featured stories, tags, and translations that point at each other", async () => {
    const [drafts] = await handle.db.select({ n: count() }).from(articles).where(eq(articles.isPublished, false));
    expect(drafts!.n).toBeGreaterThan(0);
    expect(drafts!.n).toBeLessThan(COUNT / 4);
    const [featured] = await handle.db.select({ n: count() }).from(articles).where(eq(articles.isFeatured, true));
    expect(featured!.n).toBeGreaterThan(0);
    const [tagged] = await handle.db.select({ n: count() }).from(articleTags);
    expect(tagged!.n).toBeGreaterThanOrEqual(COUNT * 2);
    const pairs = await handle.db.select({ id: articles.id, language: articles.language, translationId: articles.translationId }).from(articles).where(isNotNull(articles.translationId));
    expect(pairs.length).toBeGreaterThan(0);
    const byId = new Map(pairs.map((p) => [p.id, p]));
    for (const article of pairs) {
      const partner = byId.get(article.translationId!);
      expect(partner?.translationId).toBe(article.id);
      expect(partner?.language).not.toBe(article.language);
    }
  });

  it("adds to an archive already there without clashing addresses", async () => {
    await bulkSeed(handle.db, { articles: 10 });
    const [total] = await handle.db.select({ n: count() }).from(articles);
    expect(total!.n).toBe(COUNT + 10);
  });
});
