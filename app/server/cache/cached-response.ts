/**
 * A public answer as the cache keeps it: every header and every encoding worked out once, when it
 * is stored, so that serving it to the next thousand readers is a lookup and one write of bytes
 * already in memory (issue 11: "a cache hit that costs almost nothing").
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
 * Brotli quality 6: on a 99 KB home page it gives 16.1 KB in about 5 ms; quality 11 gives 14.0 KB
 * but takes 150 ms of a core, paid again for every page after each write (docs/decisions.md).
 */
const BROTLI_QUALITY = 6;
/** Below this, compressing saves less than the headers that announce it. */
const COMPRESS_MIN_BYTES = 1024;

export type Encoding = "br" | "gzip" | "identity";

interface EncodedBody {
  body: Buffer;
  /** Flat [name, value, name, value…] list, as `writeHead` takes it without re-reading an object. */
  headers: string[];
}

export interface CachedResponse {
  status: number;
  etag: string;
  /** What the bodies take in memory, all encodings together. */
  bytes: number;
  encodings: Record<Encoding, EncodedBody>;
  notModified: string[];
}

export function etagOf(body: Uint8Array): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** Headers that describe one transfer, not the answer: never stored. */
const PER_TRANSFER = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length", "content-encoding", "etag", "vary", "x-page-cache"]);

function withVary(headers: [string, string][]): string {
  const vary = new Set(["Accept-Encoding"]);
  for (const [name, value] of headers) {
    if (name.toLowerCase() === "vary") for (const field of value.split(",")) if (field.trim()) vary.add(field.trim());
  }
  return [...vary].join(", ");
}

/**
 * Prepares an answer for the cache: its ETag, and the body in brotli, gzip and as is, each with its
 * full header list. `headers` are the answer's own (content type, security headers, CSP, caching);
 * the compression runs on libuv's thread pool, off the request thread.
 */
export async function cachedResponse(status: number, headers: [string, string][], body: Buffer): Promise<CachedResponse> {
  const etag = etagOf(body);
  const vary = withVary(headers);
  const common = headers.filter(([name]) => !PER_TRANSFER.has(name.toLowerCase())).flat();
  common.push("ETag", etag, "Vary", vary);
  const compress = body.length >= COMPRESS_MIN_BYTES;
  const [br, gz] = compress
    ? await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzipAsync(body),
      ])
    : [body, body];
  const encoded = (bytes: Buffer, encoding: Encoding): EncodedBody => ({
    body: bytes,
    headers: [
      ...common,
      ...(compress && encoding !== "identity" ? ["Content-Encoding", encoding] : []),
      "Content-Length",
      String(bytes.length),
      "X-Page-Cache",
      "hit",
    ],
  });
  const cacheControl = headers.find(([name]) => name.toLowerCase() === "cache-control")?.[1];
  return {
    status,
    etag,
    bytes: body.length + (compress ? br.length + gz.length : 0),
    encodings: { br: encoded(br, "br"), gzip: encoded(gz, "gzip"), identity: encoded(body, "identity") },
    notModified: ["ETag", etag, "Vary", vary, ...(cacheControl ? ["Cache-Control", cacheControl] : []), "X-Page-Cache", "hit"],
  };
}

/**
 * The encoding to send for an Accept-Encoding header: brotli when accepted (smallest), else gzip,
 * else the bytes as they are. `q=0` refuses an encoding; `*` accepts any.
 */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  let gzipAccepted = false;
  for (const part of header.split(",")) {
    const [token = "", ...params] = part.split(";");
    const name = token.trim().toLowerCase();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === "br" || name === "*") return "br";
    if (name === "gzip" || name === "x-gzip") gzipAccepted = true;
  }
  return gzipAccepted ? "gzip" : "identity";
}

/** If-None-Match holds this ETag (or `*`): the client's copy is current. Compared weakly, as GET allows. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}

/** Sends a stored answer: 304 for a current copy, else the best encoding the client takes; HEAD without the body. */
export function sendCached(req: IncomingMessage, res: ServerResponse, response: CachedResponse, hit: boolean): void {
  if (matches(req.headers["if-none-match"], response.etag)) {
    res.writeHead(304, hit ? response.notModified : missed(response.notModified));
    res.end();
    return;
  }
  const { body, headers } = response.encodings[preferredEncoding(req.headers["accept-encoding"])];
  res.writeHead(response.status, hit ? headers : missed(headers));
  res.end(req.method === "HEAD" ? undefined : body);
}

/** The same headers saying that this reader's request rendered the answer. */
function missed(headers: string[]): string[] {
  const copy = headers.slice();
  copy[copy.length - 1] = "miss";
  return copy;
}
