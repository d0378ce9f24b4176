import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { articles } from "../db/schema";
import { BodyTexts, rowVersion } from "./body-texts";

let handle: DatabaseHandle;
/** Statements the store ran, counted by the database itself. */
let bodyReads = 0;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
  await handle.db.insert(articles).values([
    { title: "One", slug: "one", content: "<p>First body</p>", bodyText: "First body" },
    { title: "Two", slug: "two", content: "<p>Second body</p>", bodyText: "दोस्रो खबर, “उद्धरण”" },
    { title: "Three", slug: "three", content: "<p>Third body</p>", bodyText: "x".repeat(600) },
  ]);
});

afterAll(() => handle.close());

/** The ids and row versions a search page reads with its summaries. */
async function versions(...slugs: string[]) {
  const rows = await handle.db.select({ id: articles.id, slug: articles.slug, version: rowVersion }).from(articles);
  return slugs.map((slug) => rows.find((row) => row.slug === slug)!);
}

/** The database, counting the statements the store runs. */
const counted = () =>
  new Proxy(handle.db, {
    get(target, property, receiver) {
      if (property === "select") bodyReads += 1;
      return Reflect.get(target, property, receiver);
    },
  });

describe("BodyTexts", () => {
  it("reads bodies once, and again only for a row that changed since", async () => {
    const texts = new BodyTexts(1024 * 1024);
    const [one, two] = await versions("one", "two");
    expect(Object.fromEntries(await texts.of(counted(), [one!, two!]))).toEqual({ [one!.id]: "First body", [two!.id]: "दोस्रो खबर, “उद्धरण”" });
    expect(bodyReads).toBe(1);
    // Remembered, in Devanagari as in Latin letters.
    expect(Object.fromEntries(await texts.of(counted(), [one!, two!]))).toEqual({ [one!.id]: "First body", [two!.id]: "दोस्रो खबर, “उद्धरण”" });
    expect(bodyReads).toBe(1);

    // Any update of the row gives it a new version, whatever column it changes.
    await handle.db.update(articles).set({ bodyText: "First body, corrected" }).where(eq(articles.slug, "one"));
    const [changed] = await versions("one");
    expect(changed!.version).not.toBe(one!.version);
    expect((await texts.of(counted(), [changed!, two!])).get(one!.id)).toBe("First body, corrected");
    expect(bodyReads).toBe(2);
  });

  it("keeps within its bytes, forgetting the least recently used body first", async () => {
    // Room for the 600-byte body and one short one ("First body, corrected" since the test above,
    // 21 bytes; the Nepali one is 38, at two bytes a character), not two.
    const texts = new BodyTexts(625);
    const [one, two, three] = await versions("one", "two", "three");
    await texts.of(counted(), [three!]);
    await texts.of(counted(), [one!]);
    const before = bodyReads;
    await texts.of(counted(), [three!, one!]);
    expect(bodyReads).toBe(before);
    await texts.of(counted(), [two!]);
    // "one" was used after "three", so "three" went first.
    await texts.of(counted(), [one!]);
    expect(bodyReads).toBe(before + 1);
    await texts.of(counted(), [three!]);
    expect(bodyReads).toBe(before + 2);
  });

  it("leaves out an article that no longer exists", async () => {
    const texts = new BodyTexts(1024 * 1024);
    const [two] = await versions("two");
    await handle.db.execute(sql`delete from articles where slug = 'two'`);
    expect((await texts.of(handle.db, [two!])).size).toBe(0);
  });
});
