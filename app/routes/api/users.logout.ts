import { api, json, methodNotAllowed } from "~/server/http";
import { database } from "~/server/runtime";
import { clearedSessionCookie, credentialsOf, currentActor } from "~/server/session";
import { revokeSession } from "~/server/services/auth";
import type { Route } from "./+types/users.logout";

/** Only POST: anything else gets a JSON 405 (not React Router's bare error for a missing loader). */
export const loader = async () => methodNotAllowed(["POST"]);

/** POST /api/users/logout: the session is deleted on the server, not just forgotten by the browser. */
export const action = api(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const credentials = credentialsOf(request);
  if (credentials) {
    await currentActor(request);
    await revokeSession(await database(), credentials.token);
  }
  return json({ success: true }, 200, { "Set-Cookie": clearedSessionCookie(request) });
});
