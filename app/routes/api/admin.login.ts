import { loginSchema } from "~/lib/schemas";
import { json, readInput, resource } from "~/server/http/api";
import { loginAttempt } from "~/server/http/rate-limits";
import { requestInfoContext } from "~/server/http/request-context";
import { database } from "~/server/process/runtime";
import { sessionClient, sessionCookie } from "~/server/http/session";
import { login } from "~/server/services/auth";
import type { Route } from "./+types/admin.login";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const handle = resource<Route.ActionArgs>({
  /** POST /api/admin/login {username, password}: every account signs in here (DESIGN "Sessions"). */
  async POST({ request, context }) {
    const input = await readInput(request, loginSchema);
    const result = await loginAttempt(context.get(requestInfoContext).clientIp, input.username, () =>
      database().then((db) => login(db, input, sessionClient(request))),
    );
    return json(result, 200, { "Set-Cookie": sessionCookie(request, result.token) });
  },
});

export const loader = handle;
export const action = handle;
