import { idParam, json, resource, succeeded } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { deleteTip, openTip } from "~/server/services/tips";
import type { Route } from "./+types/tips.inbox.$id";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const handle = resource<Route.ActionArgs>({
  /** GET /api/tips/inbox/{id}: one conversation, sealed to the newsroom's key; audited. */
  async GET({ request, params }) {
    return json(await openTip(await database(), await currentActor(request), idParam(params.id)));
  },
  /** DELETE /api/tips/inbox/{id}: the conversation and its attachments, gone; audited. */
  async DELETE({ request, params }) {
    await deleteTip(await database(), await currentActor(request), idParam(params.id));
    return succeeded();
  },
});

export const loader = handle;
export const action = handle;
