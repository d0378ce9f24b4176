import { idParam, json, requestLocale, resource } from "~/server/http/api";
import { apiArticle } from "~/server/http/article-json";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { restoreRevision } from "~/server/services/article-writes";
import type { Route } from "./+types/news.$slug.revisions.$id.restore";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/news/{slug}/revisions/{id}/restore: that revision's story, saved as a new revision. */
  POST: async ({ request, params }) =>
    json(apiArticle(await restoreRevision(await database(), await currentActor(request), params.slug, idParam(params.id), requestLocale(request)))),
});

export const loader = handle;
export const action = handle;
