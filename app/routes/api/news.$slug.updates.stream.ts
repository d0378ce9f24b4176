import { resource } from "~/server/http/api";
import { eventStream } from "~/server/http/event-stream";
import { livePush } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { liveUpdatesQuerySchema } from "~/lib/schemas";
import type { Route } from "./+types/news.$slug.updates.stream";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
// A stream lasts as long as its reader keeps the page open: its time would drown the requests'
// durations in the log and the metrics (the open streams are a gauge of their own).
export const logging: RequestLogging = "hourly";

const handle = resource<Route.ActionArgs>({
  /**
   * GET /api/news/{slug}/updates/stream (text/event-stream): the changes after `Last-Event-ID`
   * (else `?after=`, for clients that cannot set it; else now), then each as it is saved.
   */
  async GET({ request, params }) {
    const after = liveUpdatesQuerySchema.shape.after.parse(request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after") ?? undefined);
    const start = await livePush.start(await currentActor(request), params.slug, after);
    return eventStream(request, (sink) => livePush.follow(start, sink));
  },
});

export const loader = handle;
export const action = handle;
