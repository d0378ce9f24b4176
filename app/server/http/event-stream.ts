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

/** Where a stream's bytes go: a web stream's controller or a node response. */
interface Outlet {
  write(bytes: Uint8Array): void;
  /** Bytes written and not yet taken by the connection. */
  behind(): number;
  end(): void;
}

interface Following {
  /** The client has gone, or the stream is ended here: the outlet ends, the follower is let go. */
  gone(): void;
  /** The outlet was ended by its reader (a cancelled web stream): the follower is let go. */
  cancelled(): void;
  /** The follower closed the stream while attaching (a backlog too large to hold). */
  closed(): boolean;
}

/** Attaches a follower to `outlet`, closing it once its reader is more than MOST_BEHIND_BYTES behind. */
function follow(outlet: Outlet, attach: (sink: LiveSink) => () => void): Following {
  let open = true;
  let detach: (() => void) | undefined;
  const leave = (end: boolean) => {
    if (open && end) outlet.end();
    open = false;
    detach?.();
    detach = undefined;
  };
  const sink: LiveSink = {
    write(bytes) {
      if (!open) return;
      outlet.write(bytes);
      if (outlet.behind() > MOST_BEHIND_BYTES) leave(true);
    },
    close() {
      if (!open) return;
      open = false;
      outlet.end();
    },
  };
  detach = attach(sink);
  if (!open) leave(false);
  return { gone: () => leave(true), cancelled: () => leave(false), closed: () => !open };
}

/** `attach` starts writing into the sink and gives what to call once the client has gone. */
export function eventStream(request: Request, attach: (sink: LiveSink) => () => void): Response {
  // HEAD: the headers, and nothing held open for a body no one reads.
  if (request.method === "HEAD") return new Response(null, { headers: EVENT_STREAM_HEADERS });
  let following: Following | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        following = follow({ write: (bytes) => controller.enqueue(bytes), behind: () => -(controller.desiredSize ?? 0), end: () => controller.close() }, attach);
        if (following.closed()) return;
        if (request.signal.aborted) following.gone();
        else request.signal.addEventListener("abort", following.gone, { once: true });
      },
      cancel() {
        following?.cancelled();
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
  const following = follow({ write: (bytes) => res.write(bytes), behind: () => res.writableLength, end: () => res.end() }, attach);
  if (following.closed()) return;
  if (res.destroyed) following.gone();
  else res.once("close", following.gone);
}
