import { json, readInput, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { requireAbility } from "~/server/services/actor";
import { addNote } from "~/server/services/article-notes";
import { noteSchema } from "~/lib/schemas";
import type { Route } from "./+types/news.$slug.notes";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/news/{slug}/notes {kind, text} (editors): a dated correction or update on a published story. */
  async POST({ request, params }) {
    const actor = requireAbility(await currentActor(request), "editEveryArticle");
    const input = await readInput(request, noteSchema);
    return json(await addNote(await database(), actor, params.slug, input), 201);
  },
});

export const loader = handle;
export const action = handle;
