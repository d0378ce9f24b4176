import { json, readInput, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { requireAbility } from "~/server/services/actor";
import { returnToDraft } from "~/server/services/review";
import { reviewNoteSchema } from "~/lib/schemas";
import type { Route } from "./+types/news.$slug.review.return";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/news/{slug}/review/return {note} (editors): back to its author, saying what to change. */
  async POST({ request, params }) {
    const actor = requireAbility(await currentActor(request), "editEveryArticle");
    const { note } = await readInput(request, reviewNoteSchema);
    return json(await returnToDraft(await database(), actor, params.slug, note));
  },
});

export const loader = handle;
export const action = handle;
