/**
 * What of a request says who sent it and what it asks: its method, address and headers. A Fetch
 * Request is one. A direct handler (direct.ts) reads a node request as one without building a Fetch
 * Request, its Headers, URL and signal: thousands of readers of a live story arrive at once, and
 * each of those, held while its reads waited on the database, outlived the young generation.
 */
import type { IncomingMessage } from "node:http";

export interface RequestHead {
  readonly method: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null };
}

/** A bodiless node request as a RequestHead: its headers as node parsed them, which is what a Fetch Request made of it holds too (fetch-request.ts). */
export function nodeRequestHead(req: IncomingMessage): RequestHead {
  return {
    method: req.method ?? "GET",
    url: `http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`,
    headers: {
      get(name) {
        const value = req.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
    },
  };
}
