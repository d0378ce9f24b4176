import { loginSchema } from "~/lib/schemas";
import { api, json, methodNotAllowed, readInput } from "~/server/http";
import { loginAttempt } from "~/server/rate-limits";
import { requestInfoContext } from "~/server/request-context";
import { database } from "~/server/runtime";
import { sessionCookie } from "~/server/session";
import { login } from "~/server/services/auth";
import type { Route } from "./+types/admin.login";

/** Only POST: anything else gets a JSON 405 (not React Router's bare error for a missing loader). */
export const loader = async () => methodNotAllowed(["POST"]);

/** POST /api/admin/login {username, password}: every account signs in here (DESIGN "Sessions"). */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await readInput(request, loginSchema);
  const result = await loginAttempt(context.get(requestInfoContext).clientIp, input.username, () =>
    database().then((db) => login(db, input)),
  );
  return json(result, 200, { "Set-Cookie": sessionCookie(request, result.token) });
});
