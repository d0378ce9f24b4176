import { idParam, json, readInput, resource, succeeded } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { deleteLiveUpdate, editLiveUpdate, requireLiveWriter } from "~/server/services/live-updates";
import { liveUpdateChangeSchema } from "~/lib/schemas";
import type { Route } from "./+types/news.$slug.updates.$id";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** PUT /api/news/{slug}/updates/{id} {body?, headline?, pinned?} (its author, or an editor). */
  async PUT({ request, params }) {
    const db = await database();
    const id = idParam(params.id);
    const actor = await requireLiveWriter(db, await currentActor(request), params.slug, id);
    const change = await readInput(request, liveUpdateChangeSchema);
    return json({ update: await editLiveUpdate(db, actor, params.slug, id, change) });
  },
  /** DELETE /api/news/{slug}/updates/{id} (its author, or an editor): gone from the stream, audited. */
  async DELETE({ request, params }) {
    await deleteLiveUpdate(await database(), await currentActor(request), params.slug, idParam(params.id));
    return succeeded();
  },
});

export const loader = handle;
export const action = handle;
