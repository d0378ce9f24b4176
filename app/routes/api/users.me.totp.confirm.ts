import { totpConfirmSchema } from "~/lib/second-factor-schemas";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { json, readInput, resource } from "~/server/http/api";
import { actorWhileEnrolling } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { requireUser } from "~/server/services/actor";
import { confirmTotp } from "~/server/services/totp";
import type { Route } from "./+types/users.me.totp.confirm";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/users/me/totp/confirm {code}: turns authenticator codes on → {recovery_codes} (open to an account that must enrol). */
  async POST({ request }) {
    const actor = requireUser(await actorWhileEnrolling(request));
    const { code } = await readInput(request, totpConfirmSchema);
    return json(await confirmTotp(await database(), actor, code));
  },
});

export const loader = handle;
export const action = handle;
