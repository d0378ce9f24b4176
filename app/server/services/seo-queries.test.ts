import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { articles } from "../db/schema";
import { sitemapArticleBatches, sitemapFileVersion } from "./seo-queries";

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

async function collect(offset: number, limit: number, batch: number): Promise<{ slugs: string[]; batches: number }> {
  const slugs: string[] = [];
  let batches = 0;
  for await (const rows of sitemapArticleBatches(handle.db, offset, limit, batch)) {
    batches += 1;
    slugs.push(...rows.map((row) => row.slug));
  }
  return { slugs, batches };
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
    const before = await sitemapFileVersion(handle.db, 0, 10);
    expect(before.articles).toBe(10);
    expect(await sitemapFileVersion(handle.db, 0, 10)).toEqual(before);
    const [first] = await handle.db.select({ id: articles.id }).from(articles).where(eq(articles.isPublished, true)).orderBy(asc(articles.publishedAt), asc(articles.id)).limit(1);
    await handle.db.update(articles).set({ updatedAt: new Date() }).where(eq(articles.id, first!.id));
    const edited = await sitemapFileVersion(handle.db, 0, 10);
    expect(edited.version).not.toBe(before.version);
    expect((await sitemapFileVersion(handle.db, 40, 10)).articles).toBe(0);
  });
});
