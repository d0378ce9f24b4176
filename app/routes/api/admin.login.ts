import { loginSchema } from "~/lib/schemas";
import { api, json, readInput } from "~/server/http";
import { loginAttempt } from "~/server/rate-limits";
import { requestInfoContext } from "~/server/request-context";
import { database } from "~/server/runtime";
import { sessionCookie } from "~/server/session";
import { login } from "~/server/services/auth";
import type { Route } from "./+types/admin.login";

/** POST /api/admin/login {username, password}: every account signs in here (DESIGN "Sessions"). */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  const input = await readInput(request, loginSchema);
  const result = await loginAttempt(context.get(requestInfoContext).clientIp, input.username, () =>
    database().then((db) => login(db, input)),
  );
  return json(result, 200, { "Set-Cookie": sessionCookie(request, result.token) });
});
