import { api, json } from "~/server/http";
import { database } from "~/server/runtime";
import { clearedSessionCookie, credentialsOf, currentActor } from "~/server/session";
import { revokeSession } from "~/server/services/auth";
import type { Route } from "./+types/users.logout";

/** POST /api/users/logout: the session is deleted on the server, not just forgotten by the browser. */
export const action = api(async ({ request }: Route.ActionArgs) => {
  const credentials = credentialsOf(request);
  if (credentials) {
    await currentActor(request);
    await revokeSession(await database(), credentials.token);
  }
  return json({ success: true }, 200, { "Set-Cookie": clearedSessionCookie(request) });
});
