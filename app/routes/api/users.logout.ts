import { json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { actorWhileEnrolling, clearedSessionCookie, credentialsOf } from "~/server/http/session";
import { revokeSession } from "~/server/services/auth";
import type { Route } from "./+types/users.logout";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /**
   * POST /api/users/logout: the session is deleted on the server, not just forgotten by the
   * browser. Open to an account that must enrol a second factor; the look-up is the CSRF check.
   */
  async POST({ request }) {
    const credentials = credentialsOf(request);
    if (credentials) {
      await actorWhileEnrolling(request);
      await revokeSession(await database(), credentials.token);
    }
    return json({ success: true }, 200, { "Set-Cookie": clearedSessionCookie(request) });
  },
});

export const loader = handle;
export const action = handle;
