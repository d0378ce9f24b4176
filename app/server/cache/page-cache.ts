/**
 * The in-process cache of public answers: rendered pages, feeds and anonymous API reads
 * (docs/product.md#public-pages-are-shared). They are the same for every visitor, so one render serves everyone
 * until content changes. Any content write clears it; with several instances the clearing travels
 * over PostgreSQL LISTEN/NOTIFY (see runtime.ts). It is bounded in bytes, not entries: a sitemap
 * and a tag page differ a hundredfold in size.
 */
import type { CachedResponse } from "./cached-response";
import { staleAnswers } from "./invalidation";
import type { PublicChange } from "./public-changes";

/** How many searches asked once are remembered, to be kept when asked again. */
const ASKED_ONCE_MAX = 10_000;

/** An answer whose lifetime ("Most read") has ended; the others live until a write clears them. */
const pastLife = (entry: CachedResponse, now: number) => entry.expiresAt !== undefined && now >= entry.expiresAt;

/** Ends a render begun with `PageCache.begin`: its answer, or null when it is not one to keep. */
export type FinishRender = (response: CachedResponse | null) => void;

export class PageCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly rendering = new Map<string, Promise<CachedResponse | null>>();
  private bytes = 0;
  /** Counts the clearings: a render that began before one read content that has since changed. */
  private generation = 0;
  private listeners: ((change: PublicChange) => void)[] = [];
  /** Keys asked for once and not kept, the most recent last. */
  private readonly askedOnce = new Set<string>();

  /** `maxBytes` 0 turns the cache off (every request renders). */
  constructor(private readonly maxBytes: number) {}

  /** The answer for `key` if it is stored and current. */
  get(key: string, now = Date.now()): CachedResponse | undefined {
    const entry = this.live(key, now);
    return entry && !pastLife(entry, now) ? entry : undefined;
  }

  /**
   * The answer for `key` if it is stored but past its life (its lifetime, not a write, ended it),
   * and not yet past its `staleUntil`. A page full of readers whose "Most read" box has just
   * expired is sent as it was while it is rendered again, once, rather than making every reader
   * wait: with many pages cached at once, their lifetimes end together and their renders came
   * all at once too (440–730 ms p99 across 200 articles in `npm run bench`).
   */
  stale(key: string, now = Date.now()): CachedResponse | undefined {
    const entry = this.live(key, now);
    return entry && pastLife(entry, now) ? entry : undefined;
  }

  /** The entry for `key`, forgotten once past any use; a used one becomes the most recent. */
  private live(key: string, now: number): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const end = entry.staleUntil ?? entry.expiresAt;
    if (end !== undefined && now >= end) {
      this.remove(key);
      return undefined;
    }
    // Map order doubles as recency order for the LRU eviction below.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, response: CachedResponse): void {
    this.remove(key);
    // One answer larger than an eighth of the cache would push out most of what readers want.
    if (response.bytes > this.maxBytes / 8) return;
    this.entries.set(key, response);
    this.bytes += response.bytes;
    // A compressed body is made when a reader first asks for it: counted while the answer is kept.
    response.onGrow = (bytes) => {
      if (this.entries.get(key) !== response) return;
      this.bytes += bytes;
      this.evict();
    };
    this.evict();
  }

  private evict(): void {
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /**
   * Whether `key` was asked for before (remembering that it now has been). Searches are kept from
   * their second request: most are asked once, and kept at once they would fill the cache and push
   * out the pages every reader shares.
   */
  askedBefore(key: string): boolean {
    if (this.askedOnce.delete(key)) return true;
    this.askedOnce.add(key);
    if (this.askedOnce.size > ASKED_ONCE_MAX) this.askedOnce.delete(this.askedOnce.values().next().value as string);
    return false;
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the stored answers take, all their encodings together. */
  get storedBytes(): number {
    return this.bytes;
  }

  /**
   * The render of `key` under way, if any. After a write clears the cache, a burst of readers
   * would otherwise each render the same page at once and queue on the database; they wait for
   * one render instead. It settles to null when that render is not to be kept.
   */
  pending(key: string): Promise<CachedResponse | null> | undefined {
    return this.rendering.get(key);
  }

  /**
   * Marks a render of `key` as under way. Its answer is kept, and handed to the readers waiting
   * for it, only if no write cleared the cache meanwhile: that render may have read what the write
   * changed (an article just unpublished), and would otherwise be served until the next write.
   * With the cache off, nothing waits and nothing is kept.
   */
  begin(key: string): FinishRender {
    if (this.maxBytes === 0) return () => undefined;
    const generation = this.generation;
    let settle!: (response: CachedResponse | null) => void;
    const promise = new Promise<CachedResponse | null>((resolve) => (settle = resolve));
    this.rendering.set(key, promise);
    return (response) => {
      if (this.rendering.get(key) === promise) this.rendering.delete(key);
      const current = response !== null && generation === this.generation;
      if (current) this.set(key, response);
      settle(current ? response : null);
    };
  }

  /**
   * Clears this process's answers that `change` makes stale (a write here or a notification from
   * another instance). Renders under way are not kept, whichever page: they began before the write.
   */
  clear(change: PublicChange = "everything"): void {
    const stale = staleAnswers(change);
    if (stale === undefined) {
      this.entries.clear();
      this.rendering.clear();
      this.bytes = 0;
    } else {
      for (const key of [...this.entries.keys()]) if (stale(key)) this.remove(key);
      for (const key of [...this.rendering.keys()]) if (stale(key)) this.rendering.delete(key);
    }
    this.generation += 1;
  }

  /** Clears and tells the other instances; `onInvalidate` hooks add the telling. */
  invalidate(change: PublicChange = "everything"): void {
    this.clear(change);
    for (const listener of this.listeners) listener(change);
  }

  onInvalidate(listener: (change: PublicChange) => void): void {
    this.listeners.push(listener);
  }
}
