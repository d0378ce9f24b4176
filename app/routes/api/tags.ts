import { tagSchema } from "~/lib/schemas";
import { json, readInput, resource } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { requireAdmin } from "~/server/services/actor";
import { createTag, listTags } from "~/server/services/tags";
import type { Route } from "./+types/tags";

const handle = resource<Route.ActionArgs>({
  /** GET /api/tags. */
  GET: async () => json(await listTags(await database())),
  /** POST /api/tags {name, slug?} (admin); a refusal comes before any validation message. */
  async POST({ request }) {
    const actor = requireAdmin(await currentActor(request));
    return json(await createTag(await database(), actor, await readInput(request, tagSchema)), 201);
  },
});

export const loader = handle;
export const action = handle;
