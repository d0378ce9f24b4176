import { idParam, json, resource, succeeded } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { deleteComment, getComment } from "~/server/services/comments";
import type { Route } from "./+types/comments.$id";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** GET /api/comments/{id}: 404 for a pending comment unless the reader is an admin. */
  GET: async ({ request, params }) => json(await getComment(await database(), await currentActor(request), idParam(params.id))),
  /** DELETE /api/comments/{id} (admin). */
  async DELETE({ request, params }) {
    await deleteComment(await database(), await currentActor(request), idParam(params.id));
    return succeeded();
  },
});

export const loader = handle;
export const action = handle;
