import { api, json, methodNotAllowed } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { requireUser } from "~/server/services/actor";
import { getUser } from "~/server/services/users";
import type { Route } from "./+types/users.me";

/** GET /api/users/me: the signed-in user with bookmarks, or 401. */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  const me = requireUser(await currentActor(request));
  return json(await getUser(await database(), me.id));
});

/** Read-only: any other method gets a JSON 405 (not React Router's bare error for a missing action). */
export const action = async () => methodNotAllowed(["GET"]);
