/**
 * A public answer as the cache keeps it: every header worked out once, when it is stored, and each
 * compressed body made once, the first time a reader asks for that encoding, so that serving it to
 * the next thousand readers is a lookup and one write of bytes already in memory (issue 11: "a
 * cache hit that costs almost nothing"). Made on demand rather than when stored: most answers are
 * asked for in one or two encodings (browsers take brotli, API clients and crawlers often none), and
 * a search asked once was paying for brotli and gzip that nobody read (docs/decisions.md).
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a CDN or proxy may do with a public answer: serve it for a minute, stale for ten while it refetches. */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/**
 * A live story's changes (`GET /api/news/{slug}/updates`), polled by the clients that cannot hold
 * its stream: a proxy or CDN keeps them a few seconds, not a minute, so that a new update reaches
 * those readers within seconds (docs/decisions.md, "Live updates pushed"). Our own copy lives until
 * the next write, which clears it on every instance.
 */
export const LIVE_UPDATES_CACHE_CONTROL = "public, max-age=0, s-maxage=5, stale-while-revalidate=10";

/**
 * Set by a shared answer that others may keep for less than PUBLIC_PAGE_CACHE_CONTROL says: the
 * Cache-Control they are given. The server reads it when storing the answer and never sends it.
 */
export const SHARED_CACHE_CONTROL_HEADER = "X-Shared-Cache-Control";

/**
 * Set by a page whose answer may be kept only this many seconds (it shows "Most read"); the server
 * reads it when storing the answer and never sends it.
 */
export const CACHE_LIFETIME_HEADER = "X-Cache-Lifetime";

/**
 * Brotli quality 6: on a 99 KB home page it gives 16.1 KB in about 5 ms; quality 11 gives 14.0 KB
 * but takes 150 ms of a core, paid again for every page after each write (docs/decisions.md).
 */
const BROTLI_QUALITY = 6;
/** Below this, compressing saves less than the headers that announce it. */
const COMPRESS_MIN_BYTES = 1024;

export type Encoding = "br" | "gzip" | "identity";

export interface EncodedBody {
  body: Buffer;
  /**
   * Flat [name, value, name, value…] list, names in lower case, as `writeHead` takes it without
   * re-reading an object: Node lower-cases each name it inspects, a new string for every one that
   * is not already (docs/decisions.md, "A cached page's garbage").
   */
  headers: string[];
}

export function etagOf(body: Uint8Array): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** Headers that describe one transfer, not the answer, never stored: the request's own id among them. */
const PER_TRANSFER = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length", "content-encoding", "etag", "vary", "x-page-cache", "x-request-id"]);

function withVary(headers: [string, string][]): string {
  const vary = new Set(["Accept-Encoding"]);
  for (const [name, value] of headers) {
    if (name.toLowerCase() === "vary") for (const field of value.split(",")) if (field.trim()) vary.add(field.trim());
  }
  return [...vary].join(", ");
}

/**
 * Brotli's window no larger than the body: its encoder allocates the window, 4 MB by default, for
 * every compression under way, where a search answer is 15 KB. The same bytes come out, sooner
 * (the 99 KB home page: 12 ms with the default window, 9 with its own).
 */
function brotliWindowBits(length: number): number {
  return Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(length + 1))));
}

/** Compression runs on libuv's thread pool, off the request thread. */
function compress(body: Buffer, encoding: "br" | "gzip"): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(body);
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
    },
  });
}

export class CachedResponse {
  readonly etag: string;
  /** The headers of a 304. */
  readonly notModified: string[];
  /** What the bodies made so far take in memory. */
  bytes: number;
  /** Told how many bytes a newly made encoding adds, by the cache that holds this answer. */
  onGrow: ((bytes: number) => void) | undefined;
  private readonly common: string[];
  private readonly compressible: boolean;
  private readonly bodies = new Map<Encoding, EncodedBody | Promise<EncodedBody>>();

  /**
   * `headers` are the answer's own (content type, security headers, CSP, caching). `expiresAt`
   * (epoch ms) ends the life of an answer that shows something changing without a write ("Most
   * read"); the others live until content changes. Until `staleUntil`, an answer past its life may
   * still be sent while it is rendered again (page-cache.ts).
   */
  constructor(
    readonly status: number,
    headers: [string, string][],
    body: Buffer,
    readonly expiresAt?: number,
    readonly staleUntil?: number,
  ) {
    this.etag = etagOf(body);
    const vary = withVary(headers);
    this.common = headers.flatMap(([name, value]) => (PER_TRANSFER.has(name.toLowerCase()) ? [] : [name.toLowerCase(), value]));
    this.common.push("etag", this.etag, "vary", vary);
    this.compressible = body.length >= COMPRESS_MIN_BYTES;
    this.bodies.set("identity", this.withHeaders(body, "identity"));
    this.bytes = body.length;
    const cacheControl = headers.find(([name]) => name.toLowerCase() === "cache-control")?.[1];
    this.notModified = ["etag", this.etag, "vary", vary, ...(cacheControl ? ["cache-control", cacheControl] : []), "x-page-cache", "hit"];
  }

  /** The body in `encoding` with its full header list: at once when made before, else once made. */
  encoded(encoding: Encoding): EncodedBody | Promise<EncodedBody> {
    const wanted = this.compressible ? encoding : "identity";
    const made = this.bodies.get(wanted);
    if (made) return made;
    const identity = this.bodies.get("identity") as EncodedBody;
    const making = compress(identity.body, wanted as "br" | "gzip").then(
      (body) => {
        const encoded = this.withHeaders(body, wanted);
        this.bodies.set(wanted, encoded);
        this.bytes += body.length;
        this.onGrow?.(body.length);
        return encoded;
      },
      // Never seen, but a reader still gets the answer, as it is.
      () => {
        this.bodies.delete(wanted);
        return identity;
      },
    );
    this.bodies.set(wanted, making);
    return making;
  }

  private withHeaders(body: Buffer, encoding: Encoding): EncodedBody {
    const contentEncoding = encoding === "identity" ? [] : ["content-encoding", encoding];
    return { body, headers: [...this.common, ...contentEncoding, "content-length", String(body.length), "x-page-cache", "hit"] };
  }
}

/** The encodings an Accept-Encoding header accepts (`q=0` refuses one), lower case. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of header?.split(",") ?? []) {
    const [token = "", ...params] = part.split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(token.trim().toLowerCase());
  }
  return accepted;
}

/**
 * The encoding to send for an Accept-Encoding header: brotli when accepted (smallest), else gzip,
 * else the bytes as they are. `*` accepts any.
 */
export function preferredEncoding(header: string | undefined): Encoding {
  if (header === undefined) return "identity";
  let encoding = encodingOf.get(header);
  if (encoding !== undefined) return encoding;
  const accepted = acceptedEncodings(header);
  encoding = accepted.has("br") || accepted.has("*") ? "br" : acceptsGzip(header) ? "gzip" : "identity";
  // Browsers send a handful of distinct headers: each is parsed once, not on every cache hit.
  if (encodingOf.size >= ENCODINGS_REMEMBERED) encodingOf.delete(encodingOf.keys().next().value as string);
  encodingOf.set(header, encoding);
  return encoding;
}

/** Accept-Encoding headers whose choice is remembered, the oldest forgotten first. */
const ENCODINGS_REMEMBERED = 64;
const encodingOf = new Map<string, Encoding>();

export function acceptsGzip(header: string | undefined): boolean {
  const accepted = acceptedEncodings(header);
  return accepted.has("gzip") || accepted.has("x-gzip") || accepted.has("*");
}

/** If-None-Match holds this ETag (or `*`): the client's copy is current. Compared weakly, as GET allows. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}

/**
 * How the reader's answer came about, in its `X-Page-Cache` header: stored and current, stored and
 * past its life (sent while it is rendered again), or rendered for this request.
 */
export type CacheOutcome = "hit" | "stale" | "miss";

/**
 * Sends a stored answer: 304 for a current copy, else the best encoding the client takes; HEAD
 * without the body. `requestId`, when given, is sent as `X-Request-Id` with the stored headers, on
 * a response that has none set yet: Node then writes the list as it is, where a header set before
 * makes it copy every name and value into its own table first (docs/decisions.md, "A cached
 * page's garbage").
 */
export function sendCached(req: IncomingMessage, res: ServerResponse, response: CachedResponse, outcome: CacheOutcome, requestId?: string): void {
  if (matches(req.headers["if-none-match"], response.etag)) {
    res.writeHead(304, as(outcome, response.notModified, requestId));
    res.end();
    return;
  }
  const send = ({ body, headers }: EncodedBody) => {
    res.writeHead(response.status, as(outcome, headers, requestId));
    res.end(req.method === "HEAD" ? undefined : body);
  };
  const encoded = response.encoded(preferredEncoding(req.headers["accept-encoding"]));
  if (encoded instanceof Promise) void encoded.then(send);
  else send(encoded);
}

/** The stored headers, whose last is `X-Page-Cache: hit`, saying how this answer came about, and the request's id. */
function as(outcome: CacheOutcome, headers: string[], requestId: string | undefined): string[] {
  if (outcome === "hit" && requestId === undefined) return headers;
  // One array of the final length: a push would grow a copy's storage half as large again.
  const copy = requestId === undefined ? headers.slice() : headers.concat("x-request-id", requestId);
  if (outcome !== "hit") copy[headers.length - 1] = outcome;
  return copy;
}
