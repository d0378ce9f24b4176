import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { articles } from "../db/schema";
import { BodyTexts, rowVersion } from "./body-texts";
import { type BodyReader, snippetHtml } from "./search-snippet";

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

/** The bodies as text, by id. */
async function textsOf(texts: BodyTexts, wanted: { id: number; version: string }[]) {
  const found = await texts.of(counted(), wanted);
  return Object.fromEntries([...found].map(([id, body]: [number, BodyReader]) => [id, body.slice(0, body.length)]));
}

describe("BodyTexts", () => {
  it("reads bodies once, and again only for a row that changed since", async () => {
    const texts = new BodyTexts(1024 * 1024);
    const [one, two] = await versions("one", "two");
    expect(await textsOf(texts, [one!, two!])).toEqual({ [one!.id]: "First body", [two!.id]: "दोस्रो खबर, “उद्धरण”" });
    expect(bodyReads).toBe(1);
    // Remembered, in Devanagari as in Latin letters.
    expect(await textsOf(texts, [one!, two!])).toEqual({ [one!.id]: "First body", [two!.id]: "दोस्रो खबर, “उद्धरण”" });
    expect(bodyReads).toBe(1);

    // Any update of the row gives it a new version, whatever column it changes.
    await handle.db.update(articles).set({ bodyText: "First body, corrected" }).where(eq(articles.slug, "one"));
    const [changed] = await versions("one");
    expect(changed!.version).not.toBe(one!.version);
    expect((await textsOf(texts, [changed!, two!]))[one!.id]).toBe("First body, corrected");
    expect(bodyReads).toBe(2);
  });

  it("keeps within its bytes, forgetting the least recently used body first", async () => {
    // Room for the 600-byte body and one short one ("First body, corrected" since the test above,
    // 21 bytes and 21 more for its folded copy, in lower case; the Nepali one is 38, at two bytes a
    // character, and folding changes nothing in it), not two.
    const texts = new BodyTexts(650);
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

describe("a remembered body, read in place", () => {
  /** A body as a search reads it after the store has remembered it. */
  async function stored(text: string): Promise<BodyReader> {
    const [row] = await handle.db.insert(articles).values({ title: "Read in place", slug: `in-place-${Math.random()}`, content: "<p></p>", bodyText: text }).returning({ id: articles.id, version: rowVersion });
    return (await new BodyTexts(1024 * 1024).of(handle.db, [row!])).get(row!.id)!;
  }

  it("finds words in its folded copy at the body's own positions, in Latin-1 and in UTF-16", async () => {
    const english = await stored("The AUDIT of the Audit office");
    expect(english.foldedIndexOf("audit", 0)).toBe(4);
    expect(english.foldedIndexOf("audit", 5)).toBe(17);
    expect(english.slice(17, 22)).toBe("Audit");
    // A character past Latin-1 is not in a Latin-1 body, whatever byte it would be written as.
    expect(english.foldedIndexOf("\u0141udit", 0)).toBe(-1);
    expect(english.foldedIndexOf("\u200C", 0)).toBe(-1);

    const nepali = await stored("काठमाडौँको AUDIT र काठमाडौंको");
    expect(nepali.foldedIndexOf("काठमाडौंको", 0)).toBe(0);
    expect(nepali.foldedIndexOf("काठमाडौंको", 1)).toBe(19);
    expect(nepali.foldedIndexOf("audit", 0)).toBe(11);
    // Never half a character: U+0915 U+0920 is written 15 09 20 09, which holds 09 20 too.
    expect(nepali.foldedIndexOf("\u2009", 0)).toBe(-1);
  });

  it("cuts the same snippets as the body as a string", async () => {
    const before = "words before it ".repeat(300);
    const cases: [string, string[]][] = [
      [`${before}LEDGERS were burnt, then the ledger ${"after ".repeat(40)}`, ["ledger"]],
      [`${before}the ledger was forged.`, ["ledger"]],
      [`${before}गर्\u200Dयो ${before}गर्यो`, ["गर्यो"]],
      [`${before}काठमाडौँको ${before}काठमाडौंको`, ["काठमाडौंको"]],
      ["Short body, nothing matches.", ["ledger"]],
      // The passage read first ends inside a long word that the snippet quotes: read whole.
      [`the ledger ${"x".repeat(3000)} and more`, ["ledger"]],
      // A letter whose lower case is longer: read word by word.
      [`İstanbul ledger ${"after ".repeat(40)}`, ["ledger"]],
    ];
    for (const [text, lexemes] of cases) expect(snippetHtml(await stored(text), lexemes)).toBe(snippetHtml(text, lexemes));
    expect(snippetHtml(await stored(`the ledger ${"x".repeat(3000)} and more`), ["ledger"])).toContain(`${"x".repeat(3000)} and more`);
  });
});
