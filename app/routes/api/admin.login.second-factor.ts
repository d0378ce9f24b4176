import { secondFactorSignInSchema } from "~/lib/second-factor-schemas";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { readInput, resource } from "~/server/http/api";
import { secondFactorAttempt } from "~/server/services/rate-limits";
import { sessionClient } from "~/server/http/session";
import { requestInfoContext } from "~/server/http/request-context";
import { signedInJson } from "~/server/http/sign-in";
import { database } from "~/server/process/runtime";
import { completeSecondFactorSignIn } from "~/server/services/auth";
import { findLoginChallenge } from "~/server/services/login-challenges";
import type { Route } from "./+types/admin.login.second-factor";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /**
   * POST /api/admin/login/second-factor {challenge, code} or {challenge, webauthn}: finishes a
   * sign-in with an authenticator code, a recovery code or a passkey; answers as the login does.
   */
  async POST({ request, context }) {
    const input = await readInput(request, secondFactorSignInSchema);
    const db = await database();
    const pending = await findLoginChallenge(db, input.challenge);
    const signedIn = await secondFactorAttempt(context.get(requestInfoContext).clientIp, pending.userId, () => completeSecondFactorSignIn(db, pending, input, sessionClient(request)));
    return signedInJson(request, signedIn);
  },
});

export const loader = handle;
export const action = handle;
