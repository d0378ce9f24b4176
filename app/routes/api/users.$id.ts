import { userUpdateSchema } from "~/lib/schemas";
import { api, idParam, json, methodNotAllowed, readInput } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { deleteUser, updateUser } from "~/server/services/users";
import type { Route } from "./+types/users.$id";

/** PUT /api/users/{id} (self: name, e-mail, bookmarks; admin: also role) and DELETE (admin). */
export const action = api(async ({ request, params }: Route.ActionArgs) => {
  const actor = await currentActor(request);
  const id = idParam(params.id);
  if (request.method === "PUT") {
    return json(await updateUser(await database(), actor, id, await readInput(request, userUpdateSchema)));
  }
  if (request.method === "DELETE") {
    await deleteUser(await database(), actor, id);
    return json({ success: true });
  }
  return methodNotAllowed(["PUT", "DELETE"]);
});
