import { api, json } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { bookmarkedArticles } from "~/server/services/bookmarks";
import type { Route } from "./+types/users.me.bookmarks";

/** GET /api/users/me/bookmarks: the saved-articles overlay's cards. */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  return json({ articles: await bookmarkedArticles(await database(), await currentActor(request)) });
});
