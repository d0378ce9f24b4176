import { reauthenticationSchema } from "~/lib/second-factor-schemas";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { json, readInput, resource } from "~/server/http/api";
import { loginAttempt, secondFactorAttempt } from "~/server/services/rate-limits";
import { requestInfoContext } from "~/server/http/request-context";
import { actorWhileEnrolling } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { requireUser } from "~/server/services/actor";
import { reauthenticate } from "~/server/services/second-factor-proofs";
import type { Route } from "./+types/users.me.reauthenticate";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /**
   * POST /api/users/me/reauthenticate {code} | {webauthn} | {password}: the session proves itself
   * again → {reauthenticated_at}. Open to an account that must enrol (an old session proves its
   * password before it may set a factor up). Failures count as failed codes, or failed passwords.
   */
  async POST({ request, context }) {
    const actor = requireUser(await actorWhileEnrolling(request));
    const input = await readInput(request, reauthenticationSchema);
    const ip = context.get(requestInfoContext).clientIp;
    const db = await database();
    const attempt = () => reauthenticate(db, actor, input);
    return json(await (input.password !== undefined ? loginAttempt(ip, actor.email, attempt) : secondFactorAttempt(ip, actor.id, attempt)));
  },
});

export const loader = handle;
export const action = handle;
