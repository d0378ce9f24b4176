import { json, readInput, resource } from "~/server/http/api";
import { LIVE_UPDATES_CACHE_CONTROL, SHARED_CACHE_CONTROL_HEADER } from "~/server/cache/cached-response";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { idempotencyKeyOf } from "~/server/http/idempotency-key";
import { listLiveUpdates } from "~/server/services/live-stream";
import { postLiveUpdate, requireLiveWriter } from "~/server/services/live-updates";
import { liveUpdateSchema, liveUpdatesQuerySchema } from "~/lib/schemas";
import type { Route } from "./+types/news.$slug.updates";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public-read";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** GET /api/news/{slug}/updates?after=&before=&limit=: a live story's updates, or its changes since `after`. */
  async GET({ request, params }) {
    const query = liveUpdatesQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    // Polled by the clients that cannot hold the stream: others keep it seconds, not a minute.
    return json(await listLiveUpdates(await database(), await currentActor(request), params.slug, query), 200, { [SHARED_CACHE_CONTROL_HEADER]: LIVE_UPDATES_CACHE_CONTROL });
  },
  /** POST /api/news/{slug}/updates {body, headline?, pinned?} with an optional Idempotency-Key (authors, editors, admins): 201, or 200 for a retry. */
  async POST({ request, params }) {
    const db = await database();
    const actor = await requireLiveWriter(db, await currentActor(request), params.slug);
    const key = idempotencyKeyOf(request);
    const input = await readInput(request, liveUpdateSchema);
    const { update, replayed } = await postLiveUpdate(db, actor, params.slug, input, key);
    return replayed ? json({ update }, 200, { "Idempotent-Replayed": "true" }) : json({ update }, 201);
  },
});

export const loader = handle;
export const action = handle;
