import { idParam, json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { toggleBookmark } from "~/server/services/bookmarks";
import type { Route } from "./+types/users.me.bookmarks.$articleId";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/users/me/bookmarks/{articleId}: the bookmark toggle of docs/product.md#bookmarks. */
  POST: async ({ request, params }) => json(await toggleBookmark(await database(), await currentActor(request), idParam(params.articleId))),
});

export const loader = handle;
export const action = handle;
