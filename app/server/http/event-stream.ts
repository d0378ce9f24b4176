/**
 * A `text/event-stream` answer that stays open: what `attach` writes goes out as it is written, and
 * when the client goes away (or the stream is ended) what it holds is let go.
 */
import type { ServerResponse } from "node:http";
import type { LiveSink } from "../services/live-push";

/**
 * `no-transform`: nothing between us and the reader may compress or buffer it (the compression
 * middleware of server.js honours it, as do CDNs); `X-Accel-Buffering: no` says the same to nginx.
 * No cache may keep it.
 */
export const EVENT_STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "private, no-store, no-transform",
  "X-Accel-Buffering": "no",
};

/**
 * How far a reader may fall behind, in bytes written and not yet taken by their connection, before
 * their stream is closed: a phone on a dead network would otherwise keep every change in this
 * process's memory. Its `EventSource` reconnects with `Last-Event-ID` and catches up from the
 * database. An election night's busiest hour is a few hundred kilobytes of updates.
 */
export const MOST_BEHIND_BYTES = 1024 * 1024;

/** `attach` starts writing into the sink and gives what to call once the client has gone. */
export function eventStream(request: Request, attach: (sink: LiveSink) => () => void): Response {
  // HEAD: the headers, and nothing held open for a body no one reads.
  if (request.method === "HEAD") return new Response(null, { headers: EVENT_STREAM_HEADERS });
  let detach: (() => void) | undefined;
  let open = true;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const sink: LiveSink = {
          write(bytes) {
            if (!open) return;
            controller.enqueue(bytes);
            if ((controller.desiredSize ?? 0) < -MOST_BEHIND_BYTES) gone();
          },
          close() {
            if (!open) return;
            open = false;
            controller.close();
          },
        };
        const gone = () => {
          sink.close();
          detach?.();
          detach = undefined;
        };
        detach = attach(sink);
        // Closed while attaching (a backlog too large to hold), or the client already gone.
        if (!open || request.signal.aborted) gone();
        else request.signal.addEventListener("abort", gone, { once: true });
      },
      cancel() {
        open = false;
        detach?.();
        detach = undefined;
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 16 * 1024 }),
  );
  return new Response(body, { headers: EVENT_STREAM_HEADERS });
}

/**
 * The same answer written straight to a node response (a direct handler's, direct.ts): no web
 * stream between, so an open stream costs its socket and little more.
 */
export function nodeEventStream(res: ServerResponse, attach: (sink: LiveSink) => () => void): void {
  res.writeHead(200, EVENT_STREAM_HEADERS);
  let detach: (() => void) | undefined;
  let open = true;
  const sink: LiveSink = {
    write(bytes) {
      if (!open) return;
      res.write(bytes);
      if (res.writableLength > MOST_BEHIND_BYTES) gone();
    },
    close() {
      if (!open) return;
      open = false;
      res.end();
    },
  };
  const gone = () => {
    sink.close();
    detach?.();
    detach = undefined;
  };
  detach = attach(sink);
  if (!open || res.destroyed) gone();
  else res.once("close", gone);
}
