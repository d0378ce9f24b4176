import { api, idParam, json, methodNotAllowed } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { approveComment } from "~/server/services/comments";
import type { Route } from "./+types/comments.$id.approve";

/** Only PUT: anything else gets a JSON 405 (not React Router's bare error for a missing loader). */
export const loader = async () => methodNotAllowed(["PUT"]);

/** PUT /api/comments/{id}/approve (admin): Pending → Approved. */
export const action = api(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  return json(await approveComment(await database(), await currentActor(request), idParam(params.id)));
});
