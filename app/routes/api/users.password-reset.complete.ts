import { passwordResetSchema } from "~/lib/schemas";
import { json, readInput, resource } from "~/server/http/api";
import { completePasswordReset } from "~/server/services/password-resets";
import { database } from "~/server/process/runtime";
import type { Route } from "./+types/users.password-reset.complete";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/users/password-reset/complete {token, new_password}: sets the password, ends every session. */
  async POST({ request }) {
    await completePasswordReset(await database(), await readInput(request, passwordResetSchema));
    return json({ success: true });
  },
});

export const loader = handle;
export const action = handle;
