import { writerSchema } from "~/lib/schemas";
import { api, idParam, json, methodNotAllowed, readInput } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { requireAdmin } from "~/server/services/actor";
import { deleteWriter, getWriter, updateWriter } from "~/server/services/writers";
import type { Route } from "./+types/writers.$id";

/** GET /api/writers/{id}. */
export const loader = api(async ({ params }: Route.LoaderArgs) => json(await getWriter(await database(), idParam(params.id))));

/** PUT {name, email, bio} and DELETE /api/writers/{id} (admin). */
export const action = api(async ({ request, params }: Route.ActionArgs) => {
  const actor = await currentActor(request);
  const id = idParam(params.id);
  if (request.method === "PUT") {
    requireAdmin(actor); // a refusal comes before any validation message
    return json(await updateWriter(await database(), actor, id, await readInput(request, writerSchema)));
  }
  if (request.method === "DELETE") {
    await deleteWriter(await database(), actor, id);
    return json({ success: true });
  }
  return methodNotAllowed(["GET", "PUT", "DELETE"]);
});
