import { api, json, methodNotAllowed } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { bookmarkedArticles } from "~/server/services/bookmarks";
import type { Route } from "./+types/users.me.bookmarks";

/** GET /api/users/me/bookmarks: the saved-articles overlay's cards. */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  return json({ articles: await bookmarkedArticles(await database(), await currentActor(request)) });
});

/** Read-only: any other method gets a JSON 405 (not React Router's bare error for a missing action). */
export const action = async () => methodNotAllowed(["GET"]);
