import { api, json, methodNotAllowed } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { listUsers } from "~/server/services/users";
import type { Route } from "./+types/users";

/** GET /api/users (admin): the user list and the dashboard's count. */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  return json(await listUsers(await database(), await currentActor(request)));
});

/** Read-only: any other method gets a JSON 405 (not React Router's bare error for a missing action). */
export const action = async () => methodNotAllowed(["GET"]);
