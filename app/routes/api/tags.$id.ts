import { tagSchema } from "~/lib/schemas";
import { idParam, json, readInput, resource, succeeded } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { requireAdmin } from "~/server/services/actor";
import { deleteTag, getTagByIdOrSlug, updateTag } from "~/server/services/tags";
import type { Route } from "./+types/tags.$id";

const handle = resource<Route.ActionArgs>({
  /** GET /api/tags/{id or slug}. */
  GET: async ({ params }) => json(await getTagByIdOrSlug(await database(), params.id)),
  /** PUT /api/tags/{id} (admin); a refusal comes before any validation message. */
  async PUT({ request, params }) {
    const actor = requireAdmin(await currentActor(request));
    return json(await updateTag(await database(), actor, idParam(params.id), await readInput(request, tagSchema)));
  },
  /** DELETE /api/tags/{id} (admin). */
  async DELETE({ request, params }) {
    await deleteTag(await database(), await currentActor(request), idParam(params.id));
    return succeeded();
  },
});

export const loader = handle;
export const action = handle;
