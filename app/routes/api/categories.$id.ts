import { categorySchema } from "~/lib/schemas";
import { api, idParam, json, methodNotAllowed, readInput } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { requireAdmin } from "~/server/services/actor";
import { deleteCategory, getCategoryByIdOrSlug, updateCategory } from "~/server/services/categories";
import type { Route } from "./+types/categories.$id";

/** GET /api/categories/{id or slug}. */
export const loader = api(async ({ params }: Route.LoaderArgs) => json(await getCategoryByIdOrSlug(await database(), params.id)));

/** PUT and DELETE /api/categories/{id} (admin). */
export const action = api(async ({ request, params }: Route.ActionArgs) => {
  const actor = await currentActor(request);
  const id = idParam(params.id);
  if (request.method === "PUT") {
    requireAdmin(actor); // a refusal comes before any validation message
    return json(await updateCategory(await database(), actor, id, await readInput(request, categorySchema)));
  }
  if (request.method === "DELETE") {
    await deleteCategory(await database(), actor, id);
    return json({ success: true });
  }
  return methodNotAllowed(["GET", "PUT", "DELETE"]);
});
