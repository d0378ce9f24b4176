import { writerSchema } from "~/lib/schemas";
import { idParam, json, readInput, resource, succeeded } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { requireAdmin } from "~/server/services/actor";
import { deleteWriter, getWriter, updateWriter } from "~/server/services/writers";
import type { Route } from "./+types/writers.$id";

const handle = resource<Route.ActionArgs>({
  /** GET /api/writers/{id}. */
  GET: async ({ params }) => json(await getWriter(await database(), idParam(params.id))),
  /** PUT /api/writers/{id} {name, email, bio} (admin); a refusal comes before any validation message. */
  async PUT({ request, params }) {
    const actor = requireAdmin(await currentActor(request));
    return json(await updateWriter(await database(), actor, idParam(params.id), await readInput(request, writerSchema)));
  },
  /** DELETE /api/writers/{id} (admin). */
  async DELETE({ request, params }) {
    await deleteWriter(await database(), await currentActor(request), idParam(params.id));
    return succeeded();
  },
});

export const loader = handle;
export const action = handle;
