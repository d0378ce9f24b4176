import { tagSchema } from "~/lib/schemas";
import { api, idParam, json, methodNotAllowed, readInput } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { requireAdmin } from "~/server/services/actor";
import { deleteTag, getTagByIdOrSlug, updateTag } from "~/server/services/tags";
import type { Route } from "./+types/tags.$id";

/** GET /api/tags/{id or slug}. */
export const loader = api(async ({ params }: Route.LoaderArgs) => json(await getTagByIdOrSlug(await database(), params.id)));

/** PUT and DELETE /api/tags/{id} (admin). */
export const action = api(async ({ request, params }: Route.ActionArgs) => {
  const actor = await currentActor(request);
  const id = idParam(params.id);
  if (request.method === "PUT") {
    requireAdmin(actor); // a refusal comes before any validation message
    return json(await updateTag(await database(), actor, id, await readInput(request, tagSchema)));
  }
  if (request.method === "DELETE") {
    await deleteTag(await database(), actor, id);
    return json({ success: true });
  }
  return methodNotAllowed(["GET", "PUT", "DELETE"]);
});
