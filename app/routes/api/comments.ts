import { api, json } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { listComments } from "~/server/services/comments";
import type { Route } from "./+types/comments";

/** GET /api/comments: the moderation queue for admins (pending first); approved comments for everyone else. */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  return json(await listComments(await database(), await currentActor(request)));
});
