/**
 * Just enough XML writing for feeds and sitemaps. Every text and attribute goes through `escapeXml`,
 * which also drops the characters XML 1.0 cannot carry at all (a stray control character pasted
 * into a title would otherwise make the whole feed unreadable).
 */
import { PUBLIC_PAGE_CACHE_CONTROL, etagOf } from "~/server/cache/cached-response";
import { streamedResponse } from "~/server/cache/streamed-responses";

/** A streamed file is not in our cache: a CDN may keep it an hour, and serve it stale for a day while it refetches. */
const STREAMED_CACHE_CONTROL = "public, max-age=0, s-maxage=3600, stale-while-revalidate=86400";

const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

type Attributes = Record<string, string | number | undefined>;

function attributes(attrs: Attributes): string {
  return Object.entries(attrs)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join("");
}

/** `<name attrs>text</name>`, the text escaped. */
export function textElement(name: string, text: string, attrs: Attributes = {}): string {
  return `<${name}${attributes(attrs)}>${escapeXml(text)}</${name}>`;
}

/** `<name attrs>children</name>`: `children` is XML already written by these helpers. */
export function element(name: string, children: string[], attrs: Attributes = {}): string {
  return `${openingTag(name, attrs)}${children.join("")}${closingTag(name)}`;
}

/** The two ends of an element whose children are written in between, piece by piece. */
export function openingTag(name: string, attrs: Attributes = {}): string {
  return `<${name}${attributes(attrs)}>`;
}

export function closingTag(name: string): string {
  return `</${name}>`;
}

export function emptyElement(name: string, attrs: Attributes): string {
  return `<${name}${attributes(attrs)}/>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

function xmlHeaders(contentType: string, cacheControl: string, etag: string): Record<string, string> {
  return { "Content-Type": `${contentType}; charset=utf-8`, "Cache-Control": cacheControl, ETag: etag, "X-Content-Type-Options": "nosniff" };
}

/**
 * A large XML answer written as `chunks` come, never held whole: not kept by the page cache (see
 * streamed-responses.ts), so a proxy may keep it longer. Its ETag comes from `version`, what its
 * contents depend on, so that a crawler asking again gets a 304 without the file being written.
 */
export function xmlStreamResponse(request: Request, version: string, chunks: AsyncIterable<string>, contentType: string): Response {
  const etag = etagOf(new TextEncoder().encode(version));
  const headers = xmlHeaders(contentType, STREAMED_CACHE_CONTROL, etag);
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  if (request.method === "HEAD") return streamedResponse(new Response(null, { status: 200, headers }));
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  // Pulled, not pushed: the next batch is read only when the reader has taken the last one.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return streamedResponse(new Response(body, { status: 200, headers }));
}

/**
 * An XML answer cached like a public page (a proxy keeps it for a minute), with an ETag so that
 * feed readers polling every few minutes get a 304 when nothing changed.
 */
export function xmlResponse(request: Request, body: string, contentType: string): Response {
  const bytes = new TextEncoder().encode(body);
  const etag = etagOf(bytes);
  const headers = xmlHeaders(contentType, PUBLIC_PAGE_CACHE_CONTROL, etag);
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : bytes, { status: 200, headers });
}
