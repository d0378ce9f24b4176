import { idParam, json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { getRevision } from "~/server/services/revisions";
import type { Route } from "./+types/news.$slug.revisions.$id";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** GET /api/news/{slug}/revisions/{id}: the whole story as that revision kept it. */
  GET: async ({ request, params }) => json(await getRevision(await database(), await currentActor(request), params.slug, idParam(params.id))),
});

export const loader = handle;
export const action = handle;
