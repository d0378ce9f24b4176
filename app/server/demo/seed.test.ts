import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { htmlToText } from "~/lib/text";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { articleMedia, articles, articleTags, categories, comments, relatedArticles, tags, users, writers } from "../db/schema";
import { createUser } from "../services/users";
import { localDiskStorage, UPLOADS_URL_PREFIX } from "../storage";
import { seedDemoContent } from "./seed";

const ALLOWED_TAGS = new Set(["p", "h2", "strong", "em", "u", "blockquote", "ul", "li", "a", "pre", "code"]);
const DEVANAGARI = /[\u0900-\u097F]/;

let handle: DatabaseHandle;
let uploads: string;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  uploads = await mkdtemp(path.join(tmpdir(), "demo-seed-"));
  await createUser(handle.db, { name: "Admin", email: "admin@example.com", password: "correct horse battery", role: "admin" });
  await handle.db.transaction((tx) => seedDemoContent(tx, localDiskStorage(uploads)));
});

afterAll(async () => {
  await handle?.close();
  if (uploads) await rm(uploads, { recursive: true, force: true });
});

describe("seedDemoContent", () => {
  it("creates the categories, writers and tags", async () => {
    const categoryNames = (await handle.db.select().from(categories)).map((c) => c.names.en);
    expect(categoryNames.length).toBeGreaterThanOrEqual(8);
    expect(categoryNames).toEqual(expect.arrayContaining(["Opinion", "Featured"]));
    expect(await handle.db.select().from(writers)).toHaveLength(4);
    expect(await handle.db.select().from(tags)).toHaveLength(10);
  });

  it("creates 40 bilingual articles with unique slugs", async () => {
    const rows = await handle.db.select().from(articles);
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((a) => a.language))).toEqual(new Set(["ne", "en"]));
    expect(rows.some((a) => !a.isPublished)).toBe(true);
    expect(rows.some((a) => a.isPublished && a.isFeatured)).toBe(true);

    const slugs = rows.map((a) => a.slug);
    expect(slugs.every((slug) => slug.length > 0)).toBe(true);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const article of rows.filter((a) => a.language === "ne")) expect(article.slug).toMatch(DEVANAGARI);
  });

  it("names every section, tag and writer in both languages, and describes each section in both", async () => {
    const devanagari = /\p{Script=Devanagari}/u;
    for (const table of [categories, tags, writers]) {
      for (const { names } of await handle.db.select({ names: table.names }).from(table)) {
        expect(names.en).toMatch(/^[A-Z]/);
        expect(names.ne).toMatch(devanagari);
      }
    }
    for (const row of await handle.db.select().from(categories)) expect(row.descriptions.ne).toMatch(devanagari);
    for (const row of await handle.db.select().from(writers)) expect(row.bios.ne).toMatch(devanagari);
  });

  it("publishes at least three articles in every category", async () => {
    const published = await handle.db
      .select({ category: categories.slug })
      .from(articles)
      .innerJoin(categories, eq(articles.categoryId, categories.id))
      .where(eq(articles.isPublished, true));
    const counts = new Map<string, number>();
    for (const { category } of published) counts.set(category, (counts.get(category) ?? 0) + 1);
    for (const { slug } of await handle.db.select().from(categories)) expect(counts.get(slug) ?? 0).toBeGreaterThanOrEqual(3);
  });

  it("spreads publication over the last month, with one story in the last two hours", async () => {
    const now = Date.now();
    const ages = (await handle.db.select().from(articles)).map((a) => now - a.publishedAt.getTime());
    expect(Math.min(...ages)).toBeLessThan(2 * 3_600_000);
    expect(Math.max(...ages)).toBeLessThan(31 * 86_400_000);
  });

  it("writes bodies of 150 to 600 words using only the editor's tags", async () => {
    for (const article of await handle.db.select().from(articles)) {
      const words = htmlToText(article.content).split(" ").length;
      expect(words, article.title).toBeGreaterThanOrEqual(150);
      expect(words, article.title).toBeLessThanOrEqual(600);
      const used = [...article.content.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]?.toLowerCase());
      expect(used.filter((tag) => !tag || !ALLOWED_TAGS.has(tag)), article.title).toEqual([]);
      for (const [, href] of article.content.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^https:\/\//);
      expect(article.metaDescription, article.title).not.toBe("");
    }
  });

  it("makes translated stories one story in two languages", async () => {
    const rows = await handle.db.select().from(articles);
    const byStory = new Map<number, typeof rows>();
    for (const row of rows) byStory.set(row.storyId, [...(byStory.get(row.storyId) ?? []), row]);
    const translated = rows.filter((a) => byStory.get(a.storyId)!.length > 1);
    expect(translated.length).toBeGreaterThanOrEqual(4);
    for (const article of translated) {
      expect(byStory.get(article.storyId)!.map((version) => version.language).sort()).toEqual(["en", "ne"]);
    }
  });

  it("tags every article and relates at most three", async () => {
    const tagRows = await handle.db.select().from(articleTags);
    const relatedRows = await handle.db.select().from(relatedArticles);
    for (const { id } of await handle.db.select({ id: articles.id }).from(articles)) {
      const tagCount = tagRows.filter((t) => t.articleId === id).length;
      expect(tagCount).toBeGreaterThanOrEqual(1);
      expect(tagCount).toBeLessThanOrEqual(4);
      expect(relatedRows.filter((r) => r.articleId === id).length).toBeLessThanOrEqual(3);
    }
    expect(relatedRows.length).toBeGreaterThan(0);
  });

  it("gives every article a banner stored as a JPEG without EXIF", async () => {
    const media = await handle.db.select().from(articleMedia);
    const banners = media.filter((m) => m.kind === "banner" && m.position === 0);
    expect(banners).toHaveLength(40);
    expect(media.some((m) => m.kind === "content" && m.position === 1)).toBe(true);

    const urls = new Set(media.map((m) => m.url));
    for (const url of urls) {
      expect(url.startsWith(UPLOADS_URL_PREFIX)).toBe(true);
      const metadata = await sharp(path.join(uploads, url.slice(UPLOADS_URL_PREFIX.length))).metadata();
      expect(metadata.format).toBe("jpeg");
      expect(metadata.exif).toBeUndefined();
      const row = media.find((m) => m.url === url);
      expect([metadata.width, metadata.height]).toEqual([row?.width, row?.height]);
    }
  });

  it("adds reader accounts whose comments are approved or pending and follow publication", async () => {
    const readers = await handle.db.select().from(users).where(eq(users.role, "user"));
    expect(readers).toHaveLength(3);

    const rows = await handle.db
      .select({ comment: comments, article: articles })
      .from(comments)
      .innerJoin(articles, eq(comments.articleId, articles.id));
    expect(rows.some(({ comment }) => comment.isApproved)).toBe(true);
    expect(rows.some(({ comment }) => !comment.isApproved)).toBe(true);
    for (const { comment, article } of rows) {
      expect(article.isPublished).toBe(true);
      expect(comment.createdAt.getTime()).toBeGreaterThan(article.publishedAt.getTime());
      expect(DEVANAGARI.test(comment.content)).toBe(article.language === "ne");
    }
  });
});
