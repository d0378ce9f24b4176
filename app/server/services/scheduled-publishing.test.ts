import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { articles, auditLog } from "../db/schema";
import { publishDue, startScheduler } from "./scheduled-publishing";

let handle: DatabaseHandle;
const AT = new Date("2026-12-01T06:15:00.000Z");
const SECOND = 1000;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  await handle.db.insert(articles).values([
    { slug: "due-at-six", title: "Due at six", content: "<p>x</p>", isPublished: false, scheduledAt: AT, publishedAt: AT, updatedAt: new Date(AT.getTime() - 3_600_000) },
    { slug: "a-draft", title: "A draft", content: "<p>x</p>", isPublished: false },
  ]);
});

afterAll(() => handle.close());

const story = async (slug: string) => (await handle.db.select().from(articles).where(eq(articles.slug, slug)))[0]!;

describe("publishDue, on a clock the test holds", () => {
  it("publishes nothing before the time, the story at its time, and it only once", async () => {
    expect(await publishDue(handle.db, new Date(AT.getTime() - SECOND))).toEqual([]);
    expect((await story("due-at-six")).isPublished).toBe(false);

    expect(await publishDue(handle.db, AT)).toEqual(["due-at-six"]);
    expect(await story("due-at-six")).toMatchObject({ isPublished: true, scheduledAt: null, publishedAt: AT, updatedAt: AT });
    expect(await publishDue(handle.db, new Date(AT.getTime() + 60 * SECOND))).toEqual([]);
    expect((await story("a-draft")).isPublished).toBe(false);

    const entries = await handle.db.select().from(auditLog).where(eq(auditLog.action, "article.publish"));
    expect(entries).toEqual([expect.objectContaining({ actorId: null, actorName: "Scheduled publishing", objectLabel: "Due at six" })]);
  });
});

describe("startScheduler", () => {
  it("looks at once and again, tells what went live, and stops after the look under way", async () => {
    const answers = [["first"], [], ["second"]];
    const published: string[][] = [];
    let looks = 0;
    let third!: () => void;
    const thirdLook = new Promise<void>((resolve) => (third = resolve));
    const stop = startScheduler(
      async () => {
        looks += 1;
        if (looks === 3) third();
        return answers[looks - 1] ?? [];
      },
      (slugs) => published.push(slugs),
      5,
    );
    await thirdLook;
    await stop();
    const after = looks;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(looks).toBe(after);
    expect(published).toEqual([["first"], ["second"]]);
  });
});
