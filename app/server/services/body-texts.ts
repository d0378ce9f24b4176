/**
 * Article bodies as plain text, kept in the request thread for the snippets of search results
 * (docs/decisions.md, "Snippets from remembered bodies"). A page of results used to bring its
 * bodies from the database every time, up to 20,000 characters each: unpacking, sending, decoding
 * and then collecting them was a third of a search's cost on the embedded database. The same
 * stories come up search after search, so their text is remembered, each under the version of its
 * row (PostgreSQL's xmin, which every update of the row changes, so an edit is never missed and
 * nothing has to travel between instances), and only the ones not remembered, or changed since,
 * are read.
 *
 * Kept as bytes, outside V8's heap: held there as strings, the bodies made V8 let its heap
 * grow in proportion, and the process's memory rose by several times their size. Bounded in
 * bytes, least recently used first out: with a large archive only the stories searches keep
 * finding stay.
 */
import { inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/connection";
import { articles } from "../db/schema";

/** About twice a 2,000-article archive's bodies (15 MB), half of them in Nepali. */
export const BODY_TEXT_CACHE_BYTES = 32 * 1024 * 1024;

/** The version of an article's row, as searches read it alongside the row. */
export const rowVersion = sql<string>`${articles}.xmin::text`;

interface Remembered {
  version: string;
  text: Buffer;
  /** How `text` holds its characters: as V8 itself would, one byte each when every one fits. */
  encoding: "latin1" | "utf16le";
}

const ONE_BYTE = /^[\u0000-\u00ff]*$/;

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
        found.set(id, remembered.text.toString(remembered.encoding));
      } else missing.push(id);
    }
    if (missing.length > 0) {
      const rows = await db.select({ id: articles.id, version: rowVersion, text: articles.bodyText }).from(articles).where(inArray(articles.id, missing));
      for (const row of rows) {
        this.remember(row.id, row.version, row.text);
        found.set(row.id, row.text);
      }
    }
    return found;
  }

  private remember(id: number, version: string, text: string): void {
    this.forget(id);
    // Copied back into a string without decoding: Devanagari takes two bytes here, three in UTF-8.
    const encoding = ONE_BYTE.test(text) ? "latin1" : "utf16le";
    // Allocated on its own, never a slice of Node's shared pool, whose other contents it would keep.
    const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, encoding));
    bytes.write(text, encoding);
    if (bytes.length > this.maxBytes) return;
    this.entries.set(id, { version, text: bytes, encoding });
    this.bytes += bytes.length;
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
    this.bytes -= entry.text.length;
  }
}

/** The process's one store: every search in this process reads through it. */
export const bodyTexts = new BodyTexts(BODY_TEXT_CACHE_BYTES);
