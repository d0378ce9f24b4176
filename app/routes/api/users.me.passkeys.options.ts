import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { json, resource } from "~/server/http/api";
import { actorWhileEnrolling } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { passkeyRegistrationOptions } from "~/server/services/passkeys";
import type { Route } from "./+types/users.me.passkeys.options";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/users/me/passkeys/options: registration options for navigator.credentials.create() (open to an account that must enrol). */
  async POST({ request }) {
    return json(await passkeyRegistrationOptions(await database(), await actorWhileEnrolling(request)));
  },
});

export const loader = handle;
export const action = handle;
