import { json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { listUsers } from "~/server/services/users";
import type { Route } from "./+types/users";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.LoaderArgs>({
  /** GET /api/users (admin): the user list and the dashboard's count. */
  GET: async ({ request }) => json(await listUsers(await database(), await currentActor(request))),
});

export const loader = handle;
export const action = handle;
