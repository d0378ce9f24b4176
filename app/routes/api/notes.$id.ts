import { idParam, json, readInput, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { requireAbility } from "~/server/services/actor";
import { amendNote } from "~/server/services/article-notes";
import { noteSchema } from "~/lib/schemas";
import type { Route } from "./+types/notes.$id";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** PUT /api/notes/{id} {kind, text} (editors): a new wording; the earlier one is kept and shown. */
  async PUT({ request, params }) {
    const actor = requireAbility(await currentActor(request), "editEveryArticle");
    const input = await readInput(request, noteSchema);
    return json(await amendNote(await database(), actor, idParam(params.id), input));
  },
});

export const loader = handle;
export const action = handle;
