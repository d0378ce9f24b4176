import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { articles, categories } from "../db/schema";
import { latestPerCategory } from "./articles";

let handle: DatabaseHandle;
const ids: Record<string, number> = {};
const HOUR = 3_600_000;
const start = Date.UTC(2025, 0, 1);

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  const rows = await handle.db
    .insert(categories)
    .values([
      { names: { en: "Politics" }, slug: "politics" },
      { names: { en: "Sports" }, slug: "sports" },
      { names: { en: "Empty" }, slug: "empty" },
    ])
    .returning();
  for (const row of rows) ids[row.slug] = row.id;

  const article = (slug: string, categoryId: number | null, hour: number, isPublished = true) => ({
    title: slug,
    slug,
    content: `<p>${slug}</p>`,
    categoryId,
    isPublished,
    publishedAt: new Date(start + hour * HOUR),
  });
  await handle.db.insert(articles).values([
    ...[1, 2, 3, 4, 5].map((hour) => article(`politics-${hour}`, ids.politics!, hour)),
    article("politics-draft", ids.politics!, 9, false),
    article("sports-1", ids.sports!, 1),
    article("sports-draft", ids.sports!, 9, false),
    article("uncategorized", null, 9),
  ]);
});

afterAll(async () => {
  await handle?.close();
});

describe("latestPerCategory", () => {
  it("gives each category its newest published articles, at most the limit, newest first", async () => {
    const byCategory = await latestPerCategory(handle.db, 3);
    expect(byCategory.get(ids.politics!)?.map((a) => a.slug)).toEqual(["politics-5", "politics-4", "politics-3"]);
    expect(byCategory.get(ids.sports!)?.map((a) => a.slug)).toEqual(["sports-1"]);
  });

  it("leaves out drafts, uncategorized articles and categories without articles", async () => {
    const byCategory = await latestPerCategory(handle.db, 3);
    expect([...byCategory.keys()].sort()).toEqual([ids.politics, ids.sports].sort());
    const slugs = [...byCategory.values()].flat().map((a) => a.slug);
    expect(slugs.some((slug) => slug.includes("draft") || slug === "uncategorized")).toBe(false);
  });

  it("returns full summaries, as listings show them", async () => {
    const [first] = (await latestPerCategory(handle.db, 1)).get(ids.politics!) ?? [];
    expect(first).toMatchObject({ slug: "politics-5", category_name: "Politics", category_slug: "politics", is_published: true });
  });
});
