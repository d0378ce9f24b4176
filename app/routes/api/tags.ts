import { tagSchema } from "~/lib/schemas";
import { api, json, methodNotAllowed, readInput } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { requireAdmin } from "~/server/services/actor";
import { createTag, listTags } from "~/server/services/tags";
import type { Route } from "./+types/tags";

/** GET /api/tags. */
export const loader = api(async () => json(await listTags(await database())));

/** POST /api/tags {name, slug?} (admin). */
export const action = api(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  // A refusal comes before any validation message.
  const actor = requireAdmin(await currentActor(request));
  return json(await createTag(await database(), actor, await readInput(request, tagSchema)), 201);
});
