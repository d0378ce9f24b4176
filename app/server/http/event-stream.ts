/**
 * A `text/event-stream` answer that stays open: what `attach` writes goes out as it is written, and
 * when the client goes away (or the stream is ended) what it holds is let go.
 */
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

/** `attach` starts writing into the sink and gives what to call once the client has gone. */
export function eventStream(request: Request, attach: (sink: LiveSink) => () => void): Response {
  // HEAD: the headers, and nothing held open for a body no one reads.
  if (request.method === "HEAD") return new Response(null, { headers: EVENT_STREAM_HEADERS });
  let detach: (() => void) | undefined;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const sink: LiveSink = {
        write(bytes) {
          if (open) controller.enqueue(bytes);
        },
        close() {
          if (!open) return;
          open = false;
          controller.close();
        },
      };
      const gone = () => {
        detach?.();
        sink.close();
      };
      detach = attach(sink);
      if (request.signal.aborted) gone();
      else request.signal.addEventListener("abort", gone, { once: true });
    },
    cancel() {
      open = false;
      detach?.();
    },
  });
  return new Response(body, { headers: EVENT_STREAM_HEADERS });
}
