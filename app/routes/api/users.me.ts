import { json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { actorWhileEnrolling } from "~/server/http/session";
import { requireUser } from "~/server/services/actor";
import { getUser } from "~/server/services/users";
import type { Route } from "./+types/users.me";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.LoaderArgs>({
  /** GET /api/users/me: the signed-in user with bookmarks, or 401 (open to an account that must enrol a second factor). */
  async GET({ request }) {
    const me = requireUser(await actorWhileEnrolling(request));
    return json(await getUser(await database(), me.id));
  },
});

export const loader = handle;
export const action = handle;
