/**
 * Serving the answers that may be shared (cache-key.ts decides which): from the cache when it holds
 * them, else rendered once for every reader who asks meanwhile, kept, and sent. An answer past its
 * life is sent while it is rendered again behind it, one such render after another. The renderer is
 * handed in (server/app.ts renders with React Router): the cache knows what to keep and for how
 * long, not how a page is made.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { logError } from "../platform/log";
import type { SharedRequest } from "./cache-key";
import { CACHE_LIFETIME_HEADER, CachedResponse, PUBLIC_PAGE_CACHE_CONTROL, SHARED_CACHE_CONTROL_HEADER, sendCached } from "./cached-response";
import type { FinishRender, PageCache } from "./page-cache";

/** A shared answer read whole: `headers` are final (the security headers, the CSP) but for Cache-Control, which is the cache's to say. */
export interface WholeAnswer {
  response: Response;
  body: Buffer;
  headers: [string, string][];
}

/** A shared answer rendered: read whole, or written as it goes (a sitemap of 10,000 stories). */
export type Rendered = WholeAnswer | { streamed: Response };

export interface SharedRenderer {
  /**
   * Reads what a render needs from the request while it is open, and gives the render, run at
   * once or, for a stale answer, later.
   */
  prepare(): () => Promise<Rendered>;
  /** Sends an answer written as it goes; it is never kept. */
  sendStreamed(response: Response): Promise<void>;
  /** Sends a whole answer that is not kept, with what others may do with it. */
  sendUnkept(answer: WholeAnswer, cacheControl: string): void;
}

/** Only whole, successful, shared answers are kept: a GET, no cookie set. */
function storable(method: string, response: Response): boolean {
  return method === "GET" && response.status === 200 && !response.headers.has("set-cookie");
}

/** What others may do with a shared answer: what it asked for (a live story's changes), else the usual minute. */
const sharedCacheControl = (response: Response) => response.headers.get(SHARED_CACHE_CONTROL_HEADER) ?? PUBLIC_PAGE_CACHE_CONTROL;

/** The answer as kept, with its life: as long as the page said (it shows "Most read"), else until a write. */
function toStore(response: Response, body: Buffer, headers: [string, string][]): CachedResponse {
  const lifetime = Number(response.headers.get(CACHE_LIFETIME_HEADER)) * 1000;
  const expiresAt = lifetime > 0 ? Date.now() + lifetime : undefined;
  // Sent while it is rendered again for as long again as it lived: a page nobody asked for since is rendered for its reader.
  const staleUntil = expiresAt === undefined ? undefined : expiresAt + lifetime;
  return new CachedResponse(response.status, [...headers, ["Cache-Control", sharedCacheControl(response)]], body, expiresAt, staleUntil);
}

/**
 * How long others may keep a shared answer that is not stored here: a page that is missing may be
 * kept briefly by a proxy, an API error not at all.
 */
function unstoredCacheControl(shared: SharedRequest, response: Response): string {
  if (response.status === 200) return sharedCacheControl(response);
  return shared.api ? (response.headers.get("cache-control") ?? "private, no-store") : "public, max-age=0, s-maxage=30";
}

export class SharedPages {
  /**
   * Renders of expired answers, one after another: many pages expire together, and rendering them
   * all at once would hold up every reader of every other page.
   */
  private refreshes: Promise<void> = Promise.resolve();
  /** Set while the server stops: renders not yet begun are dropped, their pages are not rendered again. */
  private stopping = false;

  /** `counted` is told of each look in the cache, whether it found the answer (the metrics). */
  constructor(
    private readonly cache: PageCache,
    private readonly counted: (hit: boolean) => void,
  ) {}

  /** Sends the stored, current answer to `shared`, if there is one: true when it was sent. */
  sendStored(req: IncomingMessage, res: ServerResponse, shared: SharedRequest, requestId?: string): boolean {
    const stored = this.cache.get(shared.key);
    if (!stored) return false;
    this.counted(true);
    sendCached(req, res, stored, "hit", requestId);
    return true;
  }

  /** Answers a request that shares its answer with everyone who asks the same. */
  async serve(req: IncomingMessage, res: ServerResponse, shared: SharedRequest, renderer: SharedRenderer): Promise<void> {
    const { cache } = this;
    const current = cache.get(shared.key);
    const stale = current ? undefined : cache.stale(shared.key);
    if (stale) {
      this.counted(true);
      if (req.method === "GET") this.refreshInBackground(shared, renderer);
      return sendCached(req, res, stale, "stale");
    }
    const cached = current ?? (req.method === "GET" ? await cache.pending(shared.key) : undefined);
    this.counted(Boolean(cached));
    if (cached) return sendCached(req, res, cached, "hit");
    const method = req.method ?? "GET";
    const keep = method === "GET" && (!shared.search || cache.askedBefore(shared.key));
    let finishRender: FinishRender | undefined = keep ? cache.begin(shared.key) : undefined;
    try {
      const rendered = await renderer.prepare()();
      if ("streamed" in rendered) return await renderer.sendStreamed(rendered.streamed);
      const { response, body, headers } = rendered;
      if (storable(method, response)) {
        const stored = toStore(response, body, headers);
        finishRender?.(stored);
        finishRender = undefined;
        return sendCached(req, res, stored, "miss");
      }
      renderer.sendUnkept(rendered, unstoredCacheControl(shared, response));
    } finally {
      finishRender?.(null);
    }
  }

  /**
   * Stops rendering expired answers, once the render under way, if any, is over, then `beneath`
   * (what the renders read from); they are taken up again afterwards.
   */
  async stop(beneath: () => Promise<void>): Promise<void> {
    this.stopping = true;
    await this.refreshes;
    await beneath();
    this.stopping = false;
  }

  /** Renders `shared` again behind its stale copy, unless a render of it is already under way. */
  private refreshInBackground(shared: SharedRequest, renderer: SharedRenderer): void {
    if (this.cache.pending(shared.key)) return;
    const finish = this.cache.begin(shared.key);
    const render = renderer.prepare();
    this.refreshes = this.refreshes.then(async () => {
      if (this.stopping) return finish(null);
      try {
        const rendered = await render();
        if ("streamed" in rendered) {
          await rendered.streamed.body?.cancel();
          return finish(null);
        }
        finish(storable("GET", rendered.response) ? toStore(rendered.response, rendered.body, rendered.headers) : null);
      } catch (error) {
        finish(null);
        logError("Rendering an expired page again failed", error);
      }
    });
  }
}
