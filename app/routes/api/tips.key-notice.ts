import { readJsonObject, resource, succeeded } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { dismissTipKeyNotice } from "~/server/services/tip-key-notice";
import type { Route } from "./+types/tips.key-notice";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const handle = resource<Route.ActionArgs>({
  /** POST /api/tips/key-notice {key_id}: the signed-in editor or admin dismisses the notice that the tip line's key changed. */
  async POST({ request }) {
    const actor = await currentActor(request);
    const { key_id: keyId } = await readJsonObject(request, 1024);
    await dismissTipKeyNotice(await database(), actor, keyId);
    return succeeded();
  },
});

export const loader = handle;
export const action = handle;
