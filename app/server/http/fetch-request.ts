/** An Express request as the Fetch API Request React Router's handler takes. */
import type { IncomingHttpHeaders } from "node:http";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/** Headers that would let a render know who asked. */
const CREDENTIAL_HEADERS = new Set(["cookie", "authorization"]);

export interface FetchRequestOptions {
  /**
   * Leave out the request's credentials: what is rendered for everyone (a shared answer) then
   * cannot depend on who asked, whatever a loader reads.
   */
  anonymous?: boolean;
}

/**
 * `url` replaces the request's own path and query: a shared request is served as its normalised
 * address. The request is aborted when the client goes away before its answer is sent.
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, url: string, options: FetchRequestOptions = {}): Request {
  const headers = fetchHeaders(req.headers, options);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(new URL(url, `${req.protocol}://${req.get("host") ?? "localhost"}`), init);
}

function fetchHeaders(incoming: IncomingHttpHeaders, options: FetchRequestOptions): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(incoming)) {
    if (options.anonymous && CREDENTIAL_HEADERS.has(key)) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}
