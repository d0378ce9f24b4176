import { categorySchema } from "~/lib/schemas";
import { json, readInput, resource } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { requireAdmin } from "~/server/services/actor";
import { createCategory, listCategories } from "~/server/services/categories";
import type { Route } from "./+types/categories";

const handle = resource<Route.ActionArgs>({
  /** GET /api/categories. */
  GET: async () => json(await listCategories(await database())),
  /** POST /api/categories {name, slug?, description?} (admin); a refusal comes before any validation message. */
  async POST({ request }) {
    const actor = requireAdmin(await currentActor(request));
    return json(await createCategory(await database(), actor, await readInput(request, categorySchema)), 201);
  },
});

export const loader = handle;
export const action = handle;
