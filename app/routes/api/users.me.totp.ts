import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";
import { json, resource, succeeded } from "~/server/http/api";
import { actorWhileEnrolling, currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { disableTotp, startTotpEnrolment } from "~/server/services/totp";
import type { Route } from "./+types/users.me.totp";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/users/me/totp: starts enrolment → {secret, otpauth_url} (open to an account that must enrol). */
  async POST({ request }) {
    return json(await startTotpEnrolment(await database(), await actorWhileEnrolling(request)), 201);
  },
  /** DELETE /api/users/me/totp: turns authenticator codes off; needs a fresh second factor. */
  async DELETE({ request }) {
    await disableTotp(await database(), await currentActor(request));
    return succeeded();
  },
});

export const loader = handle;
export const action = handle;
