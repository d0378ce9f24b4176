import { json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { listComments } from "~/server/services/comments";
import type { Route } from "./+types/comments";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.LoaderArgs>({
  /** GET /api/comments: the moderation queue for admins (pending first); approved comments for everyone else. */
  GET: async ({ request }) => json(await listComments(await database(), await currentActor(request))),
});

export const loader = handle;
export const action = handle;
