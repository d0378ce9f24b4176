/** An Express request as the Fetch API Request React Router's handler takes. */
import type { IncomingHttpHeaders } from "node:http";
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
    init.body = bodyOf(req);
    init.duplex = "half";
  }
  return new Request(new URL(url, `${req.protocol}://${req.get("host") ?? "localhost"}`), init);
}

/** How much of a body is read ahead of the handler before the socket is paused. */
const READ_AHEAD_BYTES = 64 * 1024;

/**
 * The request's body as a web stream. A handler that stops reading it (a form refused half-way, a
 * body over its limit) cancels it: what still arrives is read and dropped, so the client can finish
 * sending and read its answer (Node's request timeout bounds how long). React Router's own adapter
 * destroys the socket on cancel, and the client saw a dropped connection instead of its error;
 * closing the connection once the answer was sent failed the client's next write in the same way.
 */
function bodyOf(req: ExpressRequest): ReadableStream<Uint8Array> {
  let settled = false;
  let detach = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const settle = (finish: () => void) => {
          if (settled) return;
          settled = true;
          detach();
          finish();
        };
        const onData = (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => settle(() => controller.close());
        const onError = (error: Error) => settle(() => controller.error(error));
        // A client gone before its body ended: the body is incomplete, never taken as whole.
        const onClose = () => settle(() => controller.error(new Error("The client closed the connection before its body ended.")));
        req.on("data", onData);
        req.once("end", onEnd);
        req.once("error", onError);
        req.once("close", onClose);
        detach = () => {
          req.off("data", onData);
          req.off("end", onEnd);
          req.off("error", onError);
          req.off("close", onClose);
        };
      },
      pull() {
        req.resume();
      },
      cancel() {
        if (settled) return;
        settled = true;
        detach();
        req.resume();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: READ_AHEAD_BYTES }),
  );
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
