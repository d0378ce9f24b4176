import { idParam, readJsonObject, resource, succeeded } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { keepTip } from "~/server/services/tips";
import { AppError } from "~/server/errors";
import type { Route } from "./+types/tips.inbox.$id.keep";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const handle = resource<Route.ActionArgs>({
  /** POST /api/tips/inbox/{id}/keep {keep}: kept beyond TIPS_RETENTION_DAYS, or let go with it; audited. */
  async POST({ request, params }) {
    const actor = await currentActor(request);
    const { keep } = await readJsonObject(request, 1024);
    if (typeof keep !== "boolean") throw new AppError(400, "invalidInput");
    await keepTip(await database(), actor, idParam(params.id), keep);
    return succeeded();
  },
});

export const loader = handle;
export const action = handle;
