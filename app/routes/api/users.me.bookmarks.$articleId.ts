import { api, idParam, json, methodNotAllowed } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { toggleBookmark } from "~/server/services/bookmarks";
import type { Route } from "./+types/users.me.bookmarks.$articleId";

/** Only POST: anything else gets a JSON 405 (not React Router's bare error for a missing loader). */
export const loader = async () => methodNotAllowed(["POST"]);

/** POST /api/users/me/bookmarks/{articleId}: the bookmark toggle of SPEC 4. */
export const action = api(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return json(await toggleBookmark(await database(), await currentActor(request), idParam(params.articleId)));
});
