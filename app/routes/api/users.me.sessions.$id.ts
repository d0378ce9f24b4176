import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { idParam, json, resource } from "~/server/http/api";
import { clearedSessionCookie, currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { endSession } from "~/server/services/sessions";
import type { Route } from "./+types/users.me.sessions.$id";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** DELETE /api/users/me/sessions/{id}: signs out one of the user's sessions; this one's cookie goes with it. */
  async DELETE({ request, params }) {
    const { current } = await endSession(await database(), await currentActor(request), idParam(params.id));
    return json({ success: true }, 200, current ? { "Set-Cookie": clearedSessionCookie(request) } : {});
  },
});

export const loader = handle;
export const action = handle;
