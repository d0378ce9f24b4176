import { json, readInput, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { requireAbility } from "~/server/services/actor";
import { reviewStateOf, setLegalReview, submitForReview } from "~/server/services/review";
import { legalReviewSchema, reviewNoteSchema } from "~/lib/schemas";
import type { Route } from "./+types/news.$slug.review";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** GET /api/news/{slug}/review (whoever may edit the story): where it stands, with its notes. */
  GET: async ({ request, params }) => json(await reviewStateOf(await database(), await currentActor(request), params.slug)),
  /** POST /api/news/{slug}/review {note?}: the story goes to the editors. */
  async POST({ request, params }) {
    const actor = requireAbility(await currentActor(request), "backOffice");
    const { note } = await readInput(request, reviewNoteSchema);
    return json(await submitForReview(await database(), actor, params.slug, note));
  },
  /** PUT /api/news/{slug}/review {legal_review} (editors): ask for, or lift, the second sign-off. */
  async PUT({ request, params }) {
    const actor = requireAbility(await currentActor(request), "editEveryArticle");
    const { legal_review } = await readInput(request, legalReviewSchema);
    return json(await setLegalReview(await database(), actor, params.slug, legal_review));
  },
});

export const loader = handle;
export const action = handle;
