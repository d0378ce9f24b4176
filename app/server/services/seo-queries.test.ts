import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { articles } from "../db/schema";
import { editionOf } from "./editions";
import { type SitemapArticle, sitemapArticleBatches, sitemapFileVersion } from "./seo-queries";

const english = editionOf("en", "fallback");
const nepali = editionOf("ne", "fallback");

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  const rows = Array.from({ length: 23 }, (_, i) => ({
    title: `a${i}`,
    slug: `a${i}`,
    content: `<p>a${i}</p>`,
    isPublished: i % 7 !== 3,
    publishedAt: new Date(Date.UTC(2025, 0, 1)),
  }));
  await handle.db.insert(articles).values(rows);
  // Several articles a microsecond apart, and several at the very same moment, as a bulk import makes them.
  await handle.db.execute(sql`update ${articles} set published_at = '2025-01-01 00:00:00.000001+00' where id % 3 = 0`);
  await handle.db.execute(sql`update ${articles} set published_at = '2025-01-01 00:00:00.000002+00' where id % 3 = 1`);
});

afterAll(async () => {
  await handle?.close();
});

async function collect(offset: number, limit: number, batch: number, edition = english) {
  const rows: SitemapArticle[] = [];
  let batches = 0;
  for await (const batchRows of sitemapArticleBatches(handle.db, edition, offset, limit, batch)) {
    batches += 1;
    rows.push(...batchRows);
  }
  return { rows, slugs: rows.map((row) => row.slug), batches };
}

describe("a sitemap file's articles", () => {
  it("come in batches that together are exactly the file's published articles, oldest first, none twice", async () => {
    const all = (
      await handle.db.select({ slug: articles.slug }).from(articles).where(eq(articles.isPublished, true)).orderBy(asc(articles.publishedAt), asc(articles.id))
    ).map((row) => row.slug);
    expect(all).toHaveLength(20);
    const whole = await collect(0, 100, 4);
    expect(whole.slugs).toEqual(all);
    expect(whole.batches).toBe(5);
    const second = await collect(8, 8, 3);
    expect(second.slugs).toEqual(all.slice(8, 16));
    expect(second.batches).toBe(3);
    expect((await collect(40, 8, 3)).slugs).toEqual([]);
  });

  it("change version when an article of the file changes or joins it, and only then", async () => {
    const before = await sitemapFileVersion(handle.db, english, 0, 10);
    expect(before.articles).toBe(10);
    expect(await sitemapFileVersion(handle.db, english, 0, 10)).toEqual(before);
    const [first] = await handle.db.select({ id: articles.id }).from(articles).where(eq(articles.isPublished, true)).orderBy(asc(articles.publishedAt), asc(articles.id)).limit(1);
    await handle.db.update(articles).set({ updatedAt: new Date() }).where(eq(articles.id, first!.id));
    const edited = await sitemapFileVersion(handle.db, english, 0, 10);
    expect(edited.version).not.toBe(before.version);
    expect((await sitemapFileVersion(handle.db, english, 40, 10)).articles).toBe(0);
  });

  it("change version when a story's translation is published, which changes its address in the other edition", async () => {
    const [first] = await handle.db.select({ id: articles.id }).from(articles).where(eq(articles.isPublished, true)).orderBy(asc(articles.publishedAt), asc(articles.id)).limit(1);
    const before = await sitemapFileVersion(handle.db, english, 0, 10);
    const nepaliBefore = await collect(0, 100, 50, nepali);
    const [translation] = await handle.db
      .insert(articles)
      .values({ title: "अनुवाद", slug: "अनुवाद", language: "ne", content: "<p>अ</p>", isPublished: false, publishedAt: new Date(Date.UTC(2025, 0, 2)), storyId: sql`(select ${articles.storyId} from ${articles} where ${articles.id} = ${first!.id})` })
      .returning({ id: articles.id });
    // A draft translation changes nothing a crawler sees.
    expect((await sitemapFileVersion(handle.db, english, 0, 10)).version).toBe(before.version);
    await handle.db.update(articles).set({ isPublished: true }).where(eq(articles.id, translation!.id));
    expect((await sitemapFileVersion(handle.db, english, 0, 10)).version).not.toBe(before.version);
    const [listed] = (await collect(0, 1, 1)).rows;
    expect(listed?.versions).toEqual({ ne: "अनुवाद", en: listed?.slug });
    // Every other story is its own version in the edition that lists it.
    for (const row of (await collect(1, 100, 7)).rows) expect(row.versions.en).toBe(row.slug);
    // The Nepali edition now lists the translation in the English story's place, not both.
    const nepaliAfter = await collect(0, 100, 50, nepali);
    expect(nepaliAfter.slugs).toHaveLength(nepaliBefore.slugs.length);
    expect(nepaliAfter.slugs).toContain("अनुवाद");
    expect(nepaliAfter.slugs).not.toContain(listed?.slug);
    // An edition of its own language alone lists only its own stories.
    expect((await collect(0, 100, 50, editionOf("ne", "own-language"))).slugs).toEqual(["अनुवाद"]);
  });
});
