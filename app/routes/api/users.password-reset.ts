import { passwordResetRequestSchema } from "~/lib/schemas";
import { json, readInput, requestLocale, resource } from "~/server/http/api";
import { requestInfoContext } from "~/server/http/request-context";
import { mailPasswordReset } from "~/server/http/password-reset";
import { database } from "~/server/process/runtime";
import type { Route } from "./+types/users.password-reset";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/users/password-reset {email}: 202 whether an account uses the address or not (issue 40). */
  async POST({ request, context }) {
    const { email } = await readInput(request, passwordResetRequestSchema);
    await mailPasswordReset(await database(), context.get(requestInfoContext).clientIp, email, requestLocale(request));
    return json({ sent: true }, 202);
  },
});

export const loader = handle;
export const action = handle;
