/**
 * Search's own table (migration 0019) follows every write to the articles it copies: an insert, an
 * edit, a publish, a translation linked in the same statement as the translation trigger's own
 * update, a new date, a delete. A reader's search reads that table alone, so a row it missed would
 * be a story found after it was withdrawn, or not found after it was published.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { newsQuerySchema } from "~/lib/schemas";
import { listArticles } from "../services/articles";
import { type DatabaseHandle, openDatabase } from "./connection";
import { articles, searchWords } from "./schema";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
});

afterAll(async () => {
  await handle?.close();
});

/** Every article's flags beside its copy in the search table (null where there is none). */
async function mirrored() {
  const { rows } = await handle.pool.query(`
    select a.id, s.article_id is not null as copied,
      (a.is_published, a.published_at, a.language, a.story_id, a.shown_in)
        is not distinct from (s.is_published, s.published_at, s.language, s.story_id, s.shown_in) as same
    from articles a left join article_search s on s.article_id = a.id order by a.id`);
  return rows as { id: number; copied: boolean; same: boolean }[];
}

async function expectMirrored() {
  const rows = await mirrored();
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row, `article ${row.id}`).toMatchObject({ copied: true, same: true });
  const { rows: orphans } = await handle.pool.query("select count(*)::int as n from article_search s where not exists (select 1 from articles a where a.id = s.article_id)");
  expect(orphans[0].n).toBe(0);
}

/** What a reader finds: slugs, best first. */
async function found(words: string, edition?: "en" | "ne") {
  const result = await listArticles(handle.db, null, newsQuerySchema.parse({ search: words, edition }), { mode: "fallback" });
  return result.articles.map((a) => a.slug);
}

const article = (slug: string, title: string, language: "en" | "ne", isPublished = true) => ({
  slug,
  title,
  language,
  content: "<p>Ledger entries.</p>",
  bodyText: "Ledger entries.",
  isPublished,
});

describe("search's own table", () => {
  it("copies a new article, its documents made from its fields", async () => {
    await handle.db.insert(articles).values([article("quarry-en", "Quarry permits sold twice", "en"), article("quarry-draft", "Quarry draft notes", "en", false)]);
    await expectMirrored();
    expect(await found("quarry")).toEqual(["quarry-en"]);
    expect(await found("ledger")).toEqual(["quarry-en"]);
    const words = await handle.db.select().from(searchWords).where(eq(searchWords.word, "permit"));
    expect(words).toHaveLength(1);
  });

  it("follows an edit of the title, and a publish and a withdrawal", async () => {
    await handle.db.update(articles).set({ title: "Sand mining permits sold twice" }).where(eq(articles.slug, "quarry-en"));
    await expectMirrored();
    expect(await found("quarry")).toEqual([]);
    expect(await found("sand")).toEqual(["quarry-en"]);
    await handle.db.update(articles).set({ isPublished: true }).where(eq(articles.slug, "quarry-draft"));
    await expectMirrored();
    expect(await found("quarry")).toEqual(["quarry-draft"]);
    await handle.db.update(articles).set({ isPublished: false }).where(eq(articles.slug, "quarry-en"));
    await expectMirrored();
    expect(await found("sand")).toEqual([]);
  });

  it("follows a version joining a story, which the editions' trigger changes again", async () => {
    await handle.db.insert(articles).values(article("river-en", "Bagmati river sand auction", "en"));
    await handle.db.insert(articles).values(article("river-ne", "Bagmati खोला बालुवा लिलाम", "ne"));
    await handle.db.execute(sql`update ${articles} set story_id = (select story_id from ${articles} where slug = 'river-en') where slug = 'river-ne'`);
    await expectMirrored();
    // Both published: each edition finds its own version of what both match.
    expect(await found("Bagmati", "ne")).toEqual(["river-ne"]);
    expect(await found("Bagmati", "en")).toEqual(["river-en"]);
    // The other version where its translation does not match.
    expect(await found("auction", "ne")).toEqual(["river-en"]);
    await handle.db.update(articles).set({ isPublished: false }).where(eq(articles.slug, "river-ne"));
    await expectMirrored();
    expect(await found("Bagmati", "ne")).toEqual(["river-en"]);
  });

  it("follows a new date, which orders matches that rank alike", async () => {
    await handle.db.insert(articles).values(article("river-later", "River sand auction reopened", "en"));
    expect(await found("auction", "en")).toEqual(["river-later", "river-en"]);
    await handle.db.update(articles).set({ publishedAt: new Date(Date.UTC(2030, 0, 1)) }).where(eq(articles.slug, "river-en"));
    await expectMirrored();
    expect(await found("auction", "en")).toEqual(["river-en", "river-later"]);
  });

  it("drops an article's row with the article", async () => {
    await handle.db.delete(articles).where(eq(articles.slug, "quarry-draft"));
    await expectMirrored();
    expect(await found("quarry")).toEqual([]);
  });
});
