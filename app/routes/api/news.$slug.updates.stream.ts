import { resource } from "~/server/http/api";
import { eventStream } from "~/server/http/event-stream";
import { liveStreamStart } from "~/server/http/live-stream";
import { livePush } from "~/server/process/runtime";
import type { Route } from "./+types/news.$slug.updates.stream";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
// A stream lasts as long as its reader keeps the page open: its time would drown the requests'
// durations in the log and the metrics (the open streams are a gauge of their own).
export const logging: RequestLogging = "hourly";

// Once the router knows a stream's path, later requests for it are answered before Express and
// React Router (server/http/live-stream.ts, directLiveStream): this loader answers the first, HEAD,
// refusals, and development.
const handle = resource<Route.ActionArgs>({
  /** GET /api/news/{slug}/updates/stream (text/event-stream): the changes after where it starts, then each as it is saved. */
  async GET({ request, params }) {
    const start = await liveStreamStart(request, params.slug);
    return eventStream(request, (sink) => livePush.follow(start, sink));
  },
});

export const loader = handle;
export const action = handle;
