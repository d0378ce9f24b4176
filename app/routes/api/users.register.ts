import { registerSchema } from "~/lib/schemas";
import { json, readInput, resource } from "~/server/http/api";
import { registration } from "~/server/services/rate-limits";
import { requestInfoContext } from "~/server/http/request-context";
import { database } from "~/server/process/runtime";
import { sessionClient, sessionCookie } from "~/server/http/session";
import { register } from "~/server/services/auth";
import type { Route } from "./+types/users.register";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/users/register: creates a `user` account and signs it in. */
  async POST({ request, context }) {
    const input = await readInput(request, registerSchema);
    await registration(context.get(requestInfoContext).clientIp);
    const result = await register(await database(), input, sessionClient(request));
    return json(result, 201, { "Set-Cookie": sessionCookie(request, result.token) });
  },
});

export const loader = handle;
export const action = handle;
