import { api, json, methodNotAllowed } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { listComments } from "~/server/services/comments";
import type { Route } from "./+types/comments";

/** GET /api/comments: the moderation queue for admins (pending first); approved comments for everyone else. */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  return json(await listComments(await database(), await currentActor(request)));
});

/** Read-only: any other method gets a JSON 405 (not React Router's bare error for a missing action). */
export const action = async () => methodNotAllowed(["GET"]);
