import { userUpdateSchema } from "~/lib/schemas";
import { api, idParam, json, methodNotAllowed, readInput } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { assertMayUpdateUser, deleteUser, updateUser } from "~/server/services/users";
import type { Route } from "./+types/users.$id";

/** No GET: the API has no single-user read (the current user is /api/users/me). */
export const loader = async () => methodNotAllowed(["PUT", "DELETE"]);

/** PUT /api/users/{id} (self: name, e-mail, bookmarks; admin: also role) and DELETE (admin). */
export const action = api(async ({ request, params }: Route.ActionArgs) => {
  const actor = await currentActor(request);
  const id = idParam(params.id);
  if (request.method === "PUT") {
    assertMayUpdateUser(actor, id); // a refusal comes before any validation message
    return json(await updateUser(await database(), actor, id, await readInput(request, userUpdateSchema)));
  }
  if (request.method === "DELETE") {
    await deleteUser(await database(), actor, id);
    return json({ success: true });
  }
  return methodNotAllowed(["PUT", "DELETE"]);
});
