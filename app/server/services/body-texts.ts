/**
 * Article bodies as plain text, kept in the request thread for the snippets of search results
 * (docs/decisions.md, "Remembered bodies again, outside V8's heap" and "Snippets read in place").
 * A page of results used to bring its bodies from the database every time, up to 20,000
 * characters each: unpacking, sending, decoding and then collecting them was a third of a
 * search's cost on the embedded database. The same stories come up search after search, so their
 * text is remembered, each under the version of its row (PostgreSQL's xmin, which every update of
 * the row changes, so an edit is never missed and nothing has to travel between instances), and
 * only the ones not remembered, or changed since, are read.
 *
 * Kept as bytes, outside V8's heap: held there as strings, the bodies made V8 let its heap
 * grow in proportion, and the process's memory rose by several times their size. Bounded in
 * bytes, least recently used first out: with a large archive only the stories searches keep
 * finding stay.
 */
import { inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/connection";
import { articles } from "../db/schema";
import { type BodyReader, foldedBody, stringBody } from "./search-snippet";

/**
 * About a 2,000-article archive's bodies (15 MB, half of them in Nepali) with their folded copies
 * (those that differ), and room to spare.
 */
const BODY_TEXT_CACHE_BYTES = 48 * 1024 * 1024;

/** The version of an article's row, as searches read it alongside the row. */
export const rowVersion = sql<string>`${articles}.xmin::text`;

type Encoding = "latin1" | "utf16le";

const ONE_BYTE = /^[\u0000-\u00ff]*$/;

/**
 * A remembered body, read in place by the snippets: only the passage a snippet quotes becomes a
 * string, and the words are looked up in its folded copy, kept beside it, so no search lowers a
 * whole body again.
 */
class StoredBody implements BodyReader {
  readonly length: number;
  readonly foldable: boolean;
  /** Bytes a character: one when every character fits in Latin-1, as V8 itself stores such strings. */
  private readonly width: 1 | 2;

  constructor(
    readonly version: string,
    private readonly text: Buffer,
    /** The same buffer when folding changes nothing; null when the body cannot be folded in place. */
    private readonly folded: Buffer | null,
    private readonly encoding: Encoding,
  ) {
    this.width = encoding === "latin1" ? 1 : 2;
    this.length = text.length / this.width;
    this.foldable = folded !== null;
  }

  /** The bytes held, the folded copy's included. */
  get bytes(): number {
    return this.text.length + (this.folded === null || this.folded === this.text ? 0 : this.folded.length);
  }

  slice(start: number, end: number): string {
    // Copied back into a string without decoding.
    return this.text.toString(this.encoding, start * this.width, end * this.width);
  }

  foldedIndexOf(text: string, from: number): number {
    // Latin-1 would write a character past it as another that fits, and find that.
    if (this.folded === null || (this.width === 1 && !ONE_BYTE.test(text))) return -1;
    let at = this.folded.indexOf(text, from * this.width, this.encoding);
    // A UTF-16 match begins on a character, not inside one.
    while (at !== -1 && at % this.width !== 0) at = this.folded.indexOf(text, at + 1, this.encoding);
    return at === -1 ? -1 : at / this.width;
  }
}

/** `text` as bytes of its own, never a slice of Node's shared pool, whose other contents it would keep. */
function bytesOf(text: string, encoding: Encoding): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, encoding));
  bytes.write(text, encoding);
  return bytes;
}

export class BodyTexts {
  private readonly entries = new Map<number, StoredBody>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /**
   * The bodies of `wanted` (an article's id and its row's version), by id: the remembered ones,
   * and the rest read in one statement.
   */
  async of(db: Executor, wanted: { id: number; version: string }[]): Promise<Map<number, BodyReader>> {
    const found = new Map<number, BodyReader>();
    const missing: number[] = [];
    for (const { id, version } of wanted) {
      const remembered = this.entries.get(id);
      if (remembered?.version === version) {
        // Map order doubles as recency order for eviction.
        this.entries.delete(id);
        this.entries.set(id, remembered);
        found.set(id, remembered);
      } else missing.push(id);
    }
    if (missing.length > 0) {
      const rows = await db.select({ id: articles.id, version: rowVersion, text: articles.bodyText }).from(articles).where(inArray(articles.id, missing));
      for (const row of rows) found.set(row.id, this.remember(row.id, row.version, row.text));
    }
    return found;
  }

  /** Remembers a body read from the database, and returns it to be read. */
  private remember(id: number, version: string, text: string): BodyReader {
    this.forget(id);
    // Devanagari takes two bytes here, three in UTF-8.
    const encoding = ONE_BYTE.test(text) ? "latin1" : "utf16le";
    const bytes = bytesOf(text, encoding);
    const folded = foldedBody(text);
    // Held in the body's own encoding, so that positions in both agree.
    const foldedBytes = folded === null || (encoding === "latin1" && !ONE_BYTE.test(folded)) ? null : folded === text ? bytes : bytesOf(folded, encoding);
    const stored = new StoredBody(version, bytes, foldedBytes, encoding);
    if (stored.bytes > this.maxBytes) return stringBody(text);
    this.entries.set(id, stored);
    this.bytes += stored.bytes;
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
    return stored;
  }

  private forget(id: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.bytes -= entry.bytes;
  }
}

/** The process's one store: every search in this process reads through it. */
export const bodyTexts = new BodyTexts(BODY_TEXT_CACHE_BYTES);
