import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { json, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { endSessionsElsewhere, listSessions } from "~/server/services/sessions";
import type { Route } from "./+types/users.me.sessions";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** GET /api/users/me/sessions: where the user is signed in, newest first, this session marked. */
  GET: async ({ request }) => json(await listSessions(await database(), await currentActor(request))),
  /** DELETE /api/users/me/sessions: signs out every other session; this one stays. */
  DELETE: async ({ request }) => json({ signed_out: await endSessionsElsewhere(await database(), await currentActor(request)) }),
});

export const loader = handle;
export const action = handle;
