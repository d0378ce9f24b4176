import { userUpdateSchema } from "~/lib/schemas";
import { idParam, json, readInput, resource, succeeded } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { assertMayUpdateUser, deleteUser, updateUser } from "~/server/services/users";
import type { Route } from "./+types/users.$id";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** No GET: the API has no single-user read (the current user is /api/users/me). */
const handle = resource<Route.ActionArgs>({
  /** PUT /api/users/{id}: self (name, e-mail, bookmarks) or admin (also role); a refusal comes before any validation message. */
  async PUT({ request, params }) {
    const actor = await currentActor(request);
    const id = idParam(params.id);
    assertMayUpdateUser(actor, id);
    return json(await updateUser(await database(), actor, id, await readInput(request, userUpdateSchema)));
  },
  /** DELETE /api/users/{id} (admin). */
  async DELETE({ request, params }) {
    await deleteUser(await database(), await currentActor(request), idParam(params.id));
    return succeeded();
  },
});

export const loader = handle;
export const action = handle;
