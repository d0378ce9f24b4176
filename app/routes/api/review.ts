import { json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { reviewQueue } from "~/server/services/review";
import type { Route } from "./+types/review";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.LoaderArgs>({
  /** GET /api/review (editors): the stories waiting for review, the longest-waiting first. */
  GET: async ({ request }) => json(await reviewQueue(await database(), await currentActor(request))),
});

export const loader = handle;
export const action = handle;
