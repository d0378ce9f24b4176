import { passwordChangeSchema } from "~/lib/schemas";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { readInput, resource, succeeded } from "~/server/http/api";
import { loginAttempt } from "~/server/services/rate-limits";
import { requestInfoContext } from "~/server/http/request-context";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { requireUser } from "~/server/services/actor";
import { changePassword } from "~/server/services/users";
import type { Route } from "./+types/users.me.password";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /**
   * PUT /api/users/me/password {current_password, new_password}: a wrong current password counts
   * against the account's sign-in attempts; every other session ends, this one stays.
   */
  async PUT({ request, context }) {
    const me = requireUser(await currentActor(request));
    const input = await readInput(request, passwordChangeSchema);
    await loginAttempt(context.get(requestInfoContext).clientIp, me.email, async () => changePassword(await database(), me, input));
    return succeeded();
  },
});

export const loader = handle;
export const action = handle;
