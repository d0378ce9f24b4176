import { writerSchema } from "~/lib/schemas";
import { api, json, methodNotAllowed, readInput } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { requireAdmin } from "~/server/services/actor";
import { createWriter, listWriters } from "~/server/services/writers";
import type { Route } from "./+types/writers";

/** GET /api/writers. */
export const loader = api(async () => json(await listWriters(await database())));

/** POST /api/writers {name, email, bio} (admin). */
export const action = api(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  // A refusal comes before any validation message.
  const actor = requireAdmin(await currentActor(request));
  return json(await createWriter(await database(), actor, await readInput(request, writerSchema)), 201);
});
