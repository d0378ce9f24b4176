import { api, idParam, json, methodNotAllowed } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { deleteComment, getComment } from "~/server/services/comments";
import type { Route } from "./+types/comments.$id";

/** GET /api/comments/{id}: 404 for a pending comment unless the reader is an admin. */
export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
  return json(await getComment(await database(), await currentActor(request), idParam(params.id)));
});

/** DELETE /api/comments/{id} (admin). */
export const action = api(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  await deleteComment(await database(), await currentActor(request), idParam(params.id));
  return json({ success: true });
});
