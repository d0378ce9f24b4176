import { registerSchema } from "~/lib/schemas";
import { api, json, methodNotAllowed, readInput } from "~/server/http";
import { registration } from "~/server/rate-limits";
import { requestInfoContext } from "~/server/request-context";
import { database } from "~/server/runtime";
import { sessionCookie } from "~/server/session";
import { register } from "~/server/services/auth";
import type { Route } from "./+types/users.register";

/** Only POST: anything else gets a JSON 405 (not React Router's bare error for a missing loader). */
export const loader = async () => methodNotAllowed(["POST"]);

/** POST /api/users/register: creates a `user` account and signs it in. */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await readInput(request, registerSchema);
  await registration(context.get(requestInfoContext).clientIp);
  const result = await register(await database(), input);
  return json(result, 201, { "Set-Cookie": sessionCookie(request, result.token) });
});
