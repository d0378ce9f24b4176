import { json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { clearedSessionCookie, credentialsOf, currentActor } from "~/server/http/session";
import { revokeSession } from "~/server/services/auth";
import type { Route } from "./+types/users.logout";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const handle = resource<Route.ActionArgs>({
  /** POST /api/users/logout: the session is deleted on the server, not just forgotten by the browser. */
  async POST({ request }) {
    const credentials = credentialsOf(request);
    if (credentials) {
      await currentActor(request);
      await revokeSession(await database(), credentials.token);
    }
    return json({ success: true }, 200, { "Set-Cookie": clearedSessionCookie(request) });
  },
});

export const loader = handle;
export const action = handle;
