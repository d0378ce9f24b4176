/**
 * The dashboard's numbers on a clock the test holds: stories per Nepal day by language, and the
 * most-read lists of the last day and week from the hourly read counts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { articleReads, articles, comments } from "../db/schema";
import type { Actor } from "./actor";
import { CHART_DAYS, publishedPerDay, queueAges } from "./dashboard";
import { ReadCounter, mostRead } from "./most-read";

let handle: DatabaseHandle;
const editor: Actor = { id: 1, name: "Sita", email: "sita@example.com", role: "editor" };
// 10:00 in Nepal on 1 December.
const NOW = new Date("2026-12-01T04:15:00.000Z");
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR);
const ids: Record<string, number> = {};

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  const rows = await handle.db
    .insert(articles)
    .values([
      { slug: "today-en", title: "Today", content: "<p>x</p>", language: "en", isPublished: true, publishedAt: ago(1) },
      { slug: "today-ne", title: "आज", content: "<p>x</p>", language: "ne", isPublished: true, publishedAt: ago(2) },
      // 18:20 UTC on 29 November is 00:05 on 30 November in Nepal.
      { slug: "just-after-midnight", title: "Midnight", content: "<p>x</p>", language: "ne", isPublished: true, publishedAt: new Date("2026-11-29T18:20:00Z") },
      { slug: "just-before-midnight", title: "Late", content: "<p>x</p>", language: "en", isPublished: true, publishedAt: new Date("2026-11-29T18:10:00Z") },
      { slug: "too-old", title: "Old", content: "<p>x</p>", language: "en", isPublished: true, publishedAt: ago(24 * 31) },
      { slug: "a-draft", title: "Draft", content: "<p>x</p>", language: "en", isPublished: false, publishedAt: ago(1) },
      { slug: "week-old-reads", title: "Read last week", content: "<p>x</p>", language: "en", isPublished: true, publishedAt: ago(24 * 10) },
    ])
    .returning({ id: articles.id, slug: articles.slug });
  for (const row of rows) ids[row.slug] = row.id;
});

afterAll(() => handle.close());

describe("publishedPerDay", () => {
  it("counts published stories per Nepal calendar day and language over the last 30 days", async () => {
    const days = await publishedPerDay(handle.db, editor, NOW);
    expect(days).toHaveLength(CHART_DAYS);
    expect(days.at(-1)).toEqual({ day: "2026-12-01", counts: { en: 1, ne: 1 } });
    expect(days.at(-2)).toEqual({ day: "2026-11-30", counts: { en: 0, ne: 1 } });
    expect(days.at(-3)).toEqual({ day: "2026-11-29", counts: { en: 1, ne: 0 } });
    expect(days[0]!.day).toBe("2026-11-02");
    expect(days.find((day) => day.day === "2026-11-21")!.counts).toEqual({ en: 1, ne: 0 });
    // The draft and the story of 31 days ago are not counted.
    const total = days.reduce((sum, day) => sum + Object.values(day.counts).reduce((a, b) => a + b, 0), 0);
    expect(total).toBe(5);
  });

  it("is for the newsroom only", async () => {
    await expect(publishedPerDay(handle.db, null, NOW)).rejects.toMatchObject({ status: 401 });
  });
});

describe("mostRead", () => {
  it("adds up the hours of the last day or week, busiest first, published stories only", async () => {
    const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR) * HOUR);
    await handle.db.insert(articleReads).values([
      { articleId: ids["today-en"]!, hour: hourOf(ago(2)), reads: 5 },
      { articleId: ids["today-ne"]!, hour: hourOf(ago(24 * 3)), reads: 3 },
      { articleId: ids["today-ne"]!, hour: hourOf(ago(0)), reads: 1 },
      { articleId: ids["week-old-reads"]!, hour: hourOf(ago(24 * 8)), reads: 50 },
      { articleId: ids["a-draft"]!, hour: hourOf(ago(1)), reads: 99 },
    ]);
    const day = await mostRead(handle.db, { hours: 24, names: "en", limit: 5, now: NOW });
    expect(day.map((entry) => [entry.article.slug, entry.reads])).toEqual([["today-en", 5], ["today-ne", 1]]);
    const week = await mostRead(handle.db, { hours: 24 * 7, names: "en", limit: 5, now: NOW });
    expect(week.map((entry) => [entry.article.slug, entry.reads])).toEqual([["today-en", 5], ["today-ne", 4]]);
  });
});

describe("ReadCounter", () => {
  it("writes what it counted in one go, leaving out bots, repeats and stories that are not published", async () => {
    const counter = new ReadCounter();
    const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
    const at = new Date("2026-12-02T06:30:00Z");
    expect(counter.count(ids["just-before-midnight"]!, "10.1.0.1", browser, at)).toBe(true);
    expect(counter.count(ids["just-before-midnight"]!, "10.1.0.2", browser, at)).toBe(true);
    expect(counter.count(ids["just-before-midnight"]!, "10.1.0.1", browser, new Date(at.getTime() + 60_000))).toBe(false);
    expect(counter.count(ids["just-before-midnight"]!, "10.1.0.3", "curl/8.5.0", at)).toBe(false);
    expect(counter.count(ids["just-before-midnight"]!, "10.1.0.4", null, at)).toBe(false);
    expect(counter.count(ids["a-draft"]!, "10.1.0.1", browser, at)).toBe(true);
    await counter.flush(handle.db, at);
    // Half an hour on, the same reader counts again; a second write adds to the same hour.
    expect(counter.count(ids["just-before-midnight"]!, "10.1.0.1", browser, new Date(at.getTime() + 31 * 60_000))).toBe(true);
    await counter.flush(handle.db, at);
    const week = await mostRead(handle.db, { hours: 1, names: "en", limit: 5, now: new Date("2026-12-02T06:59:00Z") });
    expect(week.map((entry) => [entry.article.slug, entry.reads])).toEqual([["just-before-midnight", 3]]);
  });
});

describe("queueAges", () => {
  it("names the oldest story in review, the oldest comment waiting and the next scheduled story", async () => {
    expect(await queueAges(handle.db, editor)).toEqual({ review: null, comments: null, nextScheduled: null });
    const [older, newer] = [ago(30), ago(3)];
    await handle.db.insert(articles).values([
      { slug: "in-review-long", title: "Waiting", content: "<p>x</p>", isPublished: false, submittedAt: older },
      { slug: "in-review-short", title: "Waiting less", content: "<p>x</p>", isPublished: false, submittedAt: newer },
      { slug: "scheduled-later", title: "Later", content: "<p>x</p>", isPublished: false, scheduledAt: new Date(NOW.getTime() + 2 * HOUR) },
      { slug: "scheduled-sooner", title: "Sooner", content: "<p>x</p>", isPublished: false, scheduledAt: new Date(NOW.getTime() + HOUR) },
    ]);
    await handle.db.insert(comments).values([
      { articleId: ids["today-en"]!, content: "Waiting", isApproved: false, createdAt: newer },
      { articleId: ids["today-en"]!, content: "Approved long ago", isApproved: true, createdAt: older },
    ]);
    expect(await queueAges(handle.db, editor)).toEqual({
      review: older.toISOString(),
      comments: newer.toISOString(),
      nextScheduled: new Date(NOW.getTime() + HOUR).toISOString(),
    });
  });
});
