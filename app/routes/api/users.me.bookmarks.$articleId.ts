import { api, idParam, json, methodNotAllowed } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { toggleBookmark } from "~/server/services/bookmarks";
import type { Route } from "./+types/users.me.bookmarks.$articleId";

/** POST /api/users/me/bookmarks/{articleId}: the bookmark toggle of SPEC 4. */
export const action = api(async ({ request, params }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return json(await toggleBookmark(await database(), await currentActor(request), idParam(params.articleId)));
});
