import { json, requestLocale, resource } from "~/server/http/api";
import { apiSummary } from "~/server/http/article-json";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { bookmarkedArticles } from "~/server/services/bookmarks";
import type { Route } from "./+types/users.me.bookmarks";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.LoaderArgs>({
  /** GET /api/users/me/bookmarks: the saved-articles overlay's cards. */
  GET: async ({ request }) => json({ articles: (await bookmarkedArticles(await database(), await currentActor(request), requestLocale(request))).map(apiSummary) }),
});

export const loader = handle;
export const action = handle;
