/**
 * Article bodies as plain text, kept in the request thread for the snippets of search results
 * (docs/decisions.md, "Snippets from remembered bodies"). A page of results used to bring its bodies
 * from the database every time, up to 20,000 characters each: unpacking, sending, decoding and then
 * collecting them was a third of a search's cost on the embedded database. The same stories come
 * up search after search, so their text is remembered, each under the version of its row
 * (PostgreSQL's xmin, which every update of the row changes), and only the ones not remembered, or
 * changed since, are read.
 *
 * Bounded in bytes, least recently used first out: with a large archive only the stories searches
 * keep finding stay.
 */
import { inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/connection";
import { articles } from "../db/schema";

/** About 2,000 average bodies, Nepali ones counted at two bytes a character. */
export const BODY_TEXT_CACHE_BYTES = 32 * 1024 * 1024;

/** The version of an article's row, as searches read it alongside the row. */
export const rowVersion = sql<string>`${articles}.xmin::text`;

interface Remembered {
  version: string;
  text: string;
}

/** A JavaScript string takes one or two bytes a character: counted at two, which bounds both. */
const bytesOf = (text: string) => text.length * 2;

export class BodyTexts {
  private readonly entries = new Map<number, Remembered>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /**
   * The bodies of `wanted` (an article's id and its row's version), by id: the remembered ones,
   * and the rest read in one statement.
   */
  async of(db: Executor, wanted: { id: number; version: string }[]): Promise<Map<number, string>> {
    const found = new Map<number, string>();
    const missing: number[] = [];
    for (const { id, version } of wanted) {
      const remembered = this.entries.get(id);
      if (remembered?.version === version) {
        // Map order doubles as recency order for eviction.
        this.entries.delete(id);
        this.entries.set(id, remembered);
        found.set(id, remembered.text);
      } else missing.push(id);
    }
    if (missing.length > 0) {
      const rows = await db.select({ id: articles.id, version: rowVersion, text: articles.bodyText }).from(articles).where(inArray(articles.id, missing));
      for (const row of rows) {
        this.remember(row.id, { version: row.version, text: row.text });
        found.set(row.id, row.text);
      }
    }
    return found;
  }

  private remember(id: number, entry: Remembered): void {
    this.forget(id);
    if (bytesOf(entry.text) > this.maxBytes) return;
    this.entries.set(id, entry);
    this.bytes += bytesOf(entry.text);
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
  }

  private forget(id: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.bytes -= bytesOf(entry.text);
  }
}

/** The process's one store: every search in this process reads through it. */
export const bodyTexts = new BodyTexts(BODY_TEXT_CACHE_BYTES);
