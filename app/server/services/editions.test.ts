import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { newsQuerySchema } from "~/lib/schemas";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { articles, categories, relatedArticles } from "../db/schema";
import { getArticle, latestPerCategory, listArticles } from "./articles";
import { editionOf } from "./editions";

/*
 * Stories, newest first:
 *   E  in English (hour 7), its Nepali translation a draft
 *   D  in English (politics, hour 5) and Nepali (economy, hour 6)
 *   C  in Nepali only (economy, hour 4)
 *   B  in English only (politics, hour 3)
 *   A  in English (hour 1) and Nepali (hour 2), both politics
 */
let handle: DatabaseHandle;
const section: Record<string, number> = {};
const HOUR = 3_600_000;
const start = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  const db = handle.db;
  for (const row of await db.insert(categories).values([{ names: { en: "Politics" }, slug: "politics" }, { names: { en: "Economy" }, slug: "economy" }]).returning()) {
    section[row.slug] = row.id;
  }
  const article = (slug: string, title: string, language: "en" | "ne", category: string, hour: number, isPublished = true) => ({
    slug,
    title,
    language,
    content: `<p>${title}</p>`,
    categoryId: section[category]!,
    isPublished,
    publishedAt: new Date(start + hour * HOUR),
  });
  const rows = await db
    .insert(articles)
    .values([
      article("a-en", "Melamchi gravel contracts", "en", "politics", 1),
      article("a-ne", "मेलम्ची Melamchi ग्राभेल ठेक्का", "ne", "politics", 2),
      article("b-en", "Melamchi water arrives late", "en", "politics", 3),
      article("c-ne", "बजेट कटौती", "ne", "economy", 4),
      article("d-en", "Customs revenue", "en", "politics", 5),
      article("d-ne", "भन्सार राजस्व", "ne", "economy", 6),
      article("e-en", "Airport audit", "en", "politics", 7),
      article("e-ne", "विमानस्थल लेखापरीक्षण", "ne", "politics", 8, false),
    ])
    .returning({ id: articles.id, slug: articles.slug });
  const id = Object.fromEntries(rows.map((row) => [row.slug, row.id]));
  for (const [one, other] of [["a-en", "a-ne"], ["d-en", "d-ne"], ["e-en", "e-ne"]] as const) {
    await db.update(articles).set({ storyId: sql`(select ${articles.storyId} from ${articles} where ${articles.id} = ${id[one]!})` }).where(eq(articles.id, id[other]!));
  }
  // The editor of A's English version picked D's Nepali version as related.
  await db.insert(relatedArticles).values({ articleId: id["a-en"]!, relatedId: id["d-ne"]!, position: 0 });
});

afterAll(async () => {
  await handle?.close();
});

async function list(query: Record<string, unknown>, mode?: "own-language" | "fallback") {
  const result = await listArticles(handle.db, null, newsQuerySchema.parse(query), { mode });
  return { slugs: result.articles.map((a) => a.slug), total: result.total };
}

describe("an edition's lists, where a story missing in its language is shown in the other (fallback)", () => {
  it("show each story once, in the edition's language where it exists in it", async () => {
    expect(await list({ edition: "ne" }, "fallback")).toEqual({ slugs: ["e-en", "d-ne", "c-ne", "b-en", "a-ne"], total: 5 });
    expect(await list({ edition: "en" }, "fallback")).toEqual({ slugs: ["e-en", "d-en", "c-ne", "b-en", "a-en"], total: 5 });
  });

  it("count and page stories, not rows", async () => {
    expect(await list({ edition: "ne", limit: 2, page: 3 }, "fallback")).toEqual({ slugs: ["a-ne"], total: 5 });
  });

  it("list a story where its edition's version is filed: D is economy in Nepali, politics in English", async () => {
    expect(await list({ edition: "ne", category: "politics" }, "fallback")).toEqual({ slugs: ["e-en", "b-en", "a-ne"], total: 3 });
    expect(await list({ edition: "ne", category: "economy" }, "fallback")).toEqual({ slugs: ["d-ne", "c-ne"], total: 2 });
    expect(await list({ edition: "en", category: "politics" }, "fallback")).toEqual({ slugs: ["e-en", "d-en", "b-en", "a-en"], total: 4 });
  });

  it("give the sections of the home page the same rule", async () => {
    const bySection = await latestPerCategory(handle.db, 3, editionOf("ne", "fallback"));
    expect(bySection.get(section.politics!)?.map((a) => a.slug)).toEqual(["e-en", "b-en", "a-ne"]);
    expect(bySection.get(section.economy!)?.map((a) => a.slug)).toEqual(["d-ne", "c-ne"]);
  });

  it("follow every write of either version: publishing, unpublishing, unlinking, deleting", async () => {
    const db = handle.db;
    const slugsIn = async (edition: "ne" | "en") => (await list({ edition, category: "politics" }, "fallback")).slugs;
    await db.update(articles).set({ isPublished: true }).where(eq(articles.slug, "e-ne"));
    expect(await slugsIn("ne")).toEqual(["e-ne", "b-en", "a-ne"]);
    expect(await slugsIn("en")).toEqual(["e-en", "d-en", "b-en", "a-en"]);
    await db.update(articles).set({ isPublished: false }).where(eq(articles.slug, "e-ne"));
    expect(await slugsIn("ne")).toEqual(["e-en", "b-en", "a-ne"]);

    // A new pair written in one statement, as a bulk import does, then deleted.
    const story = 1_000_000;
    const [f, fNe] = await db
      .insert(articles)
      .values([
        { slug: "f-en", title: "Toll road", language: "en", content: "<p>x</p>", categoryId: section.politics!, isPublished: true, storyId: story, publishedAt: new Date(start + 9 * HOUR) },
        { slug: "f-ne", title: "टोल सडक", language: "ne", content: "<p>x</p>", categoryId: section.politics!, isPublished: true, storyId: story, publishedAt: new Date(start + 9 * HOUR) },
      ])
      .returning({ id: articles.id });
    expect((await slugsIn("ne"))[0]).toBe("f-ne");
    expect((await slugsIn("en"))[0]).toBe("f-en");
    await db.delete(articles).where(eq(articles.id, fNe!.id));
    expect((await slugsIn("ne"))[0]).toBe("f-en");
    await db.delete(articles).where(eq(articles.id, f!.id));
  });

  it("search: the edition's language first, and a story and its translation are one result", async () => {
    expect(await list({ edition: "ne", search: "Melamchi" }, "fallback")).toEqual({ slugs: ["a-ne", "b-en"], total: 2 });
    expect(await list({ edition: "en", search: "Melamchi" }, "fallback")).toEqual({ slugs: ["b-en", "a-en"], total: 2 });
  });

  it("search: a version whose translation does not match is found in the other edition too", async () => {
    expect(await list({ edition: "en", search: "ग्राभेल" }, "fallback")).toEqual({ slugs: ["a-ne"], total: 1 });
    expect(await list({ edition: "en", search: "भन्सार" }, "fallback")).toEqual({ slugs: ["d-ne"], total: 1 });
  });
});

describe("an article's related stories, in its own edition", () => {
  it("show an editor's pick in the article's language where it is translated, never the story itself, then the section's newest", async () => {
    const related = async (slug: string) => (await getArticle(handle.db, null, slug, "en")).related.map((a) => a.slug);
    expect(await related("a-en")).toEqual(["d-en", "e-en", "b-en"]);
    // D is economy in Nepali: not the politics section's in the Nepali edition.
    expect(await related("a-ne")).toEqual(["e-en", "b-en"]);
  });
});

describe("an edition that lists only its own language (own-language)", () => {
  it("leaves out every story it does not have in its language", async () => {
    expect(await list({ edition: "ne" }, "own-language")).toEqual({ slugs: ["d-ne", "c-ne", "a-ne"], total: 3 });
    expect(await list({ edition: "en" }, "own-language")).toEqual({ slugs: ["e-en", "d-en", "b-en", "a-en"], total: 4 });
    expect(await list({ edition: "ne", search: "Melamchi" }, "own-language")).toEqual({ slugs: ["a-ne"], total: 1 });
    const bySection = await latestPerCategory(handle.db, 3, editionOf("ne", "own-language"));
    expect(bySection.get(section.politics!)?.map((a) => a.slug)).toEqual(["a-ne"]);
  });
});

describe("a list outside any edition (the spec's clients, the back office)", () => {
  it("lists every published version", async () => {
    expect(await list({})).toEqual({ slugs: ["e-en", "d-ne", "d-en", "c-ne", "b-en", "a-ne", "a-en"], total: 7 });
  });

  it("filters by language when asked, search included", async () => {
    expect(await list({ language: "ne", search: "Melamchi" })).toEqual({ slugs: ["a-ne"], total: 1 });
  });
});

