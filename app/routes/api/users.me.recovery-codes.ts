import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { json, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { regenerateRecoveryCodes } from "~/server/services/recovery-codes";
import type { Route } from "./+types/users.me.recovery-codes";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/users/me/recovery-codes: a new set of ten, the old void → {recovery_codes}; needs a fresh second factor. */
  async POST({ request }) {
    return json(await regenerateRecoveryCodes(await database(), await currentActor(request)));
  },
});

export const loader = handle;
export const action = handle;
