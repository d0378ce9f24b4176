import { idParam, readJsonObject, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { replyToTip } from "~/server/services/tips";
import type { Route } from "./+types/tips.inbox.$id.replies";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const handle = resource<Route.ActionArgs>({
  /** POST /api/tips/inbox/{id}/replies {public_key, message}: the newsroom's answer, sealed in the editor's browser. */
  async POST({ request, params }) {
    const actor = await currentActor(request);
    await replyToTip(await database(), actor, idParam(params.id), await readJsonObject(request, 512 * 1024));
    return new Response(null, { status: 201 });
  },
});

export const loader = handle;
export const action = handle;
