import { passkeyRegistrationSchema } from "~/lib/second-factor-schemas";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { json, readInput, resource } from "~/server/http/api";
import { actorWhileEnrolling } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { requireUser } from "~/server/services/actor";
import { listPasskeys, registerPasskey } from "~/server/services/passkeys";
import type { Route } from "./+types/users.me.passkeys";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** GET /api/users/me/passkeys: the account's passkeys (open to an account that must enrol). */
  async GET({ request }) {
    return json(await listPasskeys(await database(), await actorWhileEnrolling(request)));
  },
  /**
   * POST /api/users/me/passkeys {response, name}: the browser's answer to the registration options
   * → {passkey} (and {recovery_codes} with the account's first second factor). Open to an account
   * that must enrol.
   */
  async POST({ request }) {
    const actor = requireUser(await actorWhileEnrolling(request));
    return json(await registerPasskey(await database(), actor, await readInput(request, passkeyRegistrationSchema)), 201);
  },
});

export const loader = handle;
export const action = handle;
