import { idParam, json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { approveComment } from "~/server/services/comments";
import type { Route } from "./+types/comments.$id.approve";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** PUT /api/comments/{id}/approve (admin): Pending → Approved. */
  PUT: async ({ request, params }) => json(await approveComment(await database(), await currentActor(request), idParam(params.id))),
});

export const loader = handle;
export const action = handle;
