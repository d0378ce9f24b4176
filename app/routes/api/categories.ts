import { categorySchema } from "~/lib/schemas";
import { api, json, methodNotAllowed, readInput } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { requireAdmin } from "~/server/services/actor";
import { createCategory, listCategories } from "~/server/services/categories";
import type { Route } from "./+types/categories";

/** GET /api/categories. */
export const loader = api(async () => json(await listCategories(await database())));

/** POST /api/categories {name, slug?, description?} (admin). */
export const action = api(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  // A refusal comes before any validation message.
  const actor = requireAdmin(await currentActor(request));
  return json(await createCategory(await database(), actor, await readInput(request, categorySchema)), 201);
});
