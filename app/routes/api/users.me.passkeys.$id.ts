import { passkeyRenameSchema } from "~/lib/second-factor-schemas";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { idParam, json, readInput, resource, succeeded } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { requireUser } from "~/server/services/actor";
import { deletePasskey, renamePasskey } from "~/server/services/passkeys";
import type { Route } from "./+types/users.me.passkeys.$id";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** PUT /api/users/me/passkeys/{id} {name}: renames one of one's passkeys. */
  async PUT({ request, params }) {
    const actor = requireUser(await currentActor(request));
    const { name } = await readInput(request, passkeyRenameSchema);
    return json(await renamePasskey(await database(), actor, idParam(params.id), name));
  },
  /** DELETE /api/users/me/passkeys/{id}: needs a fresh second factor. */
  async DELETE({ request, params }) {
    await deletePasskey(await database(), await currentActor(request), idParam(params.id));
    return succeeded();
  },
});

export const loader = handle;
export const action = handle;
