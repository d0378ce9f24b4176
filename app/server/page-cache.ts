/**
 * The in-process cache of rendered public pages (DESIGN "Public pages are cacheable"). Every
 * visitor gets the same HTML for a public page, so a page rendered once serves everyone until
 * content changes. Any content write clears it; with several instances the clearing travels over
 * PostgreSQL LISTEN/NOTIFY (see runtime.ts).
 */
import { createHash } from "node:crypto";

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  etag: string;
  /** The CSP nonce baked into the HTML: a cache hit must send the same one in its header. */
  nonce: string;
}

/** What a CDN or proxy may do with a public page: serve it for a minute, stale for ten while it refetches. */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

export function etagOf(body: Uint8Array): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** Ends a render begun with `PageCache.begin`: its page, or null when it is not one to keep. */
export type FinishRender = (page: CachedPage | null) => void;

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly rendering = new Map<string, Promise<CachedPage | null>>();
  /** Counts the clearings: a render that began before one read content that has since changed. */
  private generation = 0;
  private listeners: (() => void)[] = [];

  constructor(private readonly maxEntries = 300) {}

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Map order doubles as recency order for the LRU eviction below.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, page: CachedPage): void {
    this.entries.delete(key);
    this.entries.set(key, page);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The render of `key` under way, if any. After a write clears the cache, a burst of readers
   * would otherwise each render the same page at once and queue on the database; they wait for
   * one render instead. It settles to null when that render is not to be kept.
   */
  pending(key: string): Promise<CachedPage | null> | undefined {
    return this.rendering.get(key);
  }

  /**
   * Marks a render of `key` as under way. Its page is kept, and handed to the readers waiting for
   * it, only if no write cleared the cache meanwhile: that render may have read what the write
   * changed (an article just unpublished), and would otherwise be served until the next write.
   */
  begin(key: string): FinishRender {
    const generation = this.generation;
    let settle!: (page: CachedPage | null) => void;
    const promise = new Promise<CachedPage | null>((resolve) => (settle = resolve));
    this.rendering.set(key, promise);
    return (page) => {
      if (this.rendering.get(key) === promise) this.rendering.delete(key);
      const current = page !== null && generation === this.generation;
      if (current) this.set(key, page);
      settle(current ? page : null);
    };
  }

  /** Clears this process's pages (a write here or a notification from another instance). */
  clear(): void {
    this.entries.clear();
    this.rendering.clear();
    this.generation += 1;
  }

  /** Clears and tells the other instances; `onInvalidate` hooks add the telling. */
  invalidate(): void {
    this.clear();
    for (const listener of this.listeners) listener();
  }

  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }
}

export const pageCache = new PageCache();

/**
 * Mutations that change no public page: signing in and out, registering, bookmarks, new (pending)
 * comments, newsletter, and a bare upload (the page changes only when an article is saved with it).
 */
const NON_CONTENT_MUTATIONS = [
  /^\/api\/admin\/login$/,
  /^\/api\/users\/register$/,
  /^\/api\/users\/logout$/,
  /^\/api\/users\/me\/bookmarks\//,
  // A new comment waits for approval: no public page shows it yet.
  /^\/api\/news\/\d+\/comments$/,
  /^\/api\/newsletter$/,
  /^\/api\/upload$/,
  // The /login page's own form, sent before JavaScript loads.
  /^\/login$/,
];

/** A successful write may change public pages unless it is one of the known personal ones. */
export function mutationChangesContent(method: string, pathname: string, status: number): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  if (status >= 400) return false;
  return !NON_CONTENT_MUTATIONS.some((pattern) => pattern.test(pathname));
}

/** Public pages: everything but the API and the back office. */
export function isPublicPagePath(pathname: string): boolean {
  if (pathname.startsWith("/api/") || pathname === "/api") return false;
  // The back office is private in every language: /admin, /ne/admin, /en/admin.
  return !/^(\/(ne|en))?\/admin(\/|\.|$)/.test(pathname);
}
