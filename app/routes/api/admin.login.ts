import { loginSchema } from "~/lib/schemas";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { readInput, requestLocale, resource } from "~/server/http/api";
import { loginAttempt } from "~/server/services/rate-limits";
import { requestInfoContext } from "~/server/http/request-context";
import { database } from "~/server/process/runtime";
import { sessionClient } from "~/server/http/session";
import { secondFactorChallengeJson, signedInJson } from "~/server/http/sign-in";
import { login } from "~/server/services/auth";
import type { Route } from "./+types/admin.login";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /**
   * POST /api/admin/login {username, password}: every account signs in here (DESIGN "Sessions").
   * An account with a second factor is answered 401 `second_factor_required` with a challenge, and
   * no session: POST /api/admin/login/second-factor finishes it (issue 35).
   */
  async POST({ request, context }) {
    const input = await readInput(request, loginSchema);
    const outcome = await loginAttempt(context.get(requestInfoContext).clientIp, input.username, () =>
      database().then((db) => login(db, input, sessionClient(request))),
    );
    if ("secondFactor" in outcome) return secondFactorChallengeJson(requestLocale(request), outcome.secondFactor);
    return signedInJson(request, outcome);
  },
});

export const loader = handle;
export const action = handle;
