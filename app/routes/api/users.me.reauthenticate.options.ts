import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { json, resource } from "~/server/http/api";
import { actorWhileEnrolling } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { reauthenticationPasskeyOptions } from "~/server/services/passkeys";
import type { Route } from "./+types/users.me.reauthenticate.options";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/users/me/reauthenticate/options: options for proving oneself again with a passkey. */
  async POST({ request }) {
    return json(await reauthenticationPasskeyOptions(await database(), await actorWhileEnrolling(request)));
  },
});

export const loader = handle;
export const action = handle;
