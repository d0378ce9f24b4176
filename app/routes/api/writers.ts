import { writerSchema } from "~/lib/schemas";
import { json, readInput, resource } from "~/server/http";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { requireAdmin } from "~/server/services/actor";
import { createWriter, listWriters } from "~/server/services/writers";
import type { Route } from "./+types/writers";

const handle = resource<Route.ActionArgs>({
  /** GET /api/writers. */
  GET: async () => json(await listWriters(await database())),
  /** POST /api/writers {name, email, bio} (admin); a refusal comes before any validation message. */
  async POST({ request }) {
    const actor = requireAdmin(await currentActor(request));
    return json(await createWriter(await database(), actor, await readInput(request, writerSchema)), 201);
  },
});

export const loader = handle;
export const action = handle;
