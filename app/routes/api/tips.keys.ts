import { json, readJsonObject, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { addTipKey, listTipKeys } from "~/server/services/tips";
import type { Route } from "./+types/tips.keys";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const handle = resource<Route.ActionArgs>({
  /** GET /api/tips/keys: the tip line's public keys, newest (current) first. */
  async GET({ request }) {
    return json(await listTipKeys(await database(), await currentActor(request)));
  },
  /** POST /api/tips/keys {public_key, signing_public_key, signature}: an admin's new key, signed by the current one; sources' tips are sealed to it from now on. */
  async POST({ request }) {
    const actor = await currentActor(request);
    const body = await readJsonObject(request, 4096);
    return json(await addTipKey(await database(), actor, body), 201);
  },
});

export const loader = handle;
export const action = handle;
