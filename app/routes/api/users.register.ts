import { registerSchema } from "~/lib/schemas";
import { json, readInput, resource } from "~/server/http";
import { registration } from "~/server/rate-limits";
import { requestInfoContext } from "~/server/request-context";
import { database } from "~/server/runtime";
import { sessionCookie } from "~/server/session";
import { register } from "~/server/services/auth";
import type { Route } from "./+types/users.register";

const handle = resource<Route.ActionArgs>({
  /** POST /api/users/register: creates a `user` account and signs it in. */
  async POST({ request, context }) {
    const input = await readInput(request, registerSchema);
    await registration(context.get(requestInfoContext).clientIp);
    const result = await register(await database(), input);
    return json(result, 201, { "Set-Cookie": sessionCookie(request, result.token) });
  },
});

export const loader = handle;
export const action = handle;
