import { loginChallengeSchema } from "~/lib/second-factor-schemas";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { json, readInput, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { loginPasskeyOptions } from "~/server/services/login-challenges";
import type { Route } from "./+types/admin.login.second-factor.options";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/admin/login/second-factor/options {challenge}: the options for navigator.credentials.get(). */
  async POST({ request }) {
    const { challenge } = await readInput(request, loginChallengeSchema);
    return json(await loginPasskeyOptions(await database(), challenge));
  },
});

export const loader = handle;
export const action = handle;
