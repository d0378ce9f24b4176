import { idParam, resource, succeeded } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { liftSuppression } from "~/server/newsletter/back-office-lists";
import type { Route } from "./+types/newsletter.suppressions.$id";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** DELETE /api/newsletter/suppressions/{id}: lifts it (audited); the address is mailed again from the next issue. */
  async DELETE({ request, params }) {
    const id = idParam(params.id);
    await liftSuppression(await database(), await currentActor(request), id);
    return succeeded();
  },
});

export const loader = handle;
export const action = handle;
