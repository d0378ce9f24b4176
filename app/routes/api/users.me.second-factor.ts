import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { json, resource } from "~/server/http/api";
import { actorWhileEnrolling } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { secondFactorStatus } from "~/server/services/second-factor-proofs";
import type { Route } from "./+types/users.me.second-factor";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.LoaderArgs>({
  /** GET /api/users/me/second-factor: the account's second factors (open to an account that must enrol). */
  async GET({ request }) {
    return json(await secondFactorStatus(await database(), await actorWhileEnrolling(request)));
  },
});

export const loader = handle;
export const action = handle;
