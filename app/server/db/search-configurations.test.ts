/**
 * Each language's search configuration comes from its config (app/lib/languages), written into the
 * database when it is opened; the search trigger stems an article with its language's, and a
 * language the table does not know word for word.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./connection";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
});

afterAll(async () => {
  await handle?.close();
});

describe("search configurations", () => {
  it("are the language configs', written when the database opens", async () => {
    const { rows } = await handle.pool.query("select language, configuration from language_search_configurations order by language");
    expect(rows).toEqual([
      { language: "en", configuration: "english" },
      { language: "ne", configuration: "nepali" },
    ]);
  });

  it("stem each language's words with its own, and an unknown language's not at all", async () => {
    const { rows } = await handle.pool.query(
      "select search_config('ne')::text as ne, search_config('en')::text as en, search_config('mai')::text as mai, to_tsvector(search_config('en'), 'payments')::text as stemmed",
    );
    expect(rows[0]).toEqual({ ne: "nepali", en: "english", mai: "simple", stemmed: "'payment':1" });
  });
});
