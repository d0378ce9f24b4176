import { categorySchema } from "~/lib/schemas";
import { idParam, json, readInput, resource, succeeded } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { requireAdmin } from "~/server/services/actor";
import { deleteCategory, getCategoryByIdOrSlug, updateCategory } from "~/server/services/categories";
import type { Route } from "./+types/categories.$id";

const handle = resource<Route.ActionArgs>({
  /** GET /api/categories/{id or slug}. */
  GET: async ({ params }) => json(await getCategoryByIdOrSlug(await database(), params.id)),
  /** PUT /api/categories/{id} (admin); a refusal comes before any validation message. */
  async PUT({ request, params }) {
    const actor = requireAdmin(await currentActor(request));
    return json(await updateCategory(await database(), actor, idParam(params.id), await readInput(request, categorySchema)));
  },
  /** DELETE /api/categories/{id} (admin). */
  async DELETE({ request, params }) {
    await deleteCategory(await database(), await currentActor(request), idParam(params.id));
    return succeeded();
  },
});

export const loader = handle;
export const action = handle;
