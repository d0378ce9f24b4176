/**
 * A live story's stream (GET /api/news/{slug}/updates/stream): where it starts, checked before any
 * byte is sent, and the stream answered directly (direct.ts) once the router knows its path.
 */
import { liveUpdatesQuerySchema } from "~/lib/schemas";
import { logError } from "../platform/log";
import { livePush } from "../process/runtime";
import type { LiveStreamStart } from "../services/live-push";
import type { DirectHandler } from "./direct";
import { nodeEventStream } from "./event-stream";
import { type RequestHead, nodeRequestHead } from "./request-head";
import { currentActor } from "./session";

/** The changes after `Last-Event-ID` (else `?after=`, for clients that cannot set it; else now), once the reader may follow the story. */
export async function liveStreamStart(request: RequestHead, slug: string | undefined): Promise<LiveStreamStart> {
  const after = liveUpdatesQuerySchema.shape.after.parse(request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after") ?? undefined);
  return livePush.start(await currentActor(request), slug ?? "", after);
}

/** The stream without Express or React Router: thousands stay open for hours. A refusal goes the usual way, which answers it as the loader does. */
export const directLiveStream: DirectHandler = ({ req, res, params, otherwise }) => {
  liveStreamStart(nodeRequestHead(req), params.slug)
    .then(
      (start) => {
        if (!res.destroyed) nodeEventStream(res, (sink) => livePush.follow(start, sink));
      },
      () => otherwise(),
    )
    .catch((error: unknown) => {
      logError("Opening a live story's stream failed", error);
      res.destroy();
    });
};
