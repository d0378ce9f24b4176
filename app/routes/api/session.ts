import { json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { getUser } from "~/server/services/users";
import type { Route } from "./+types/session";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.LoaderArgs>({
  /**
   * GET /api/session: `{user}` or `{user: null}`, always 200. The page's session check uses it, so a
   * guest's visit is not an error (GET /api/users/me answers guests 401, as the spec's client expects).
   */
  async GET({ request }) {
    const actor = await currentActor(request);
    return json({ user: actor ? await getUser(await database(), actor.id) : null });
  },
});

export const loader = handle;
export const action = handle;
