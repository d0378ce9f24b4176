import { json, requestLocale, resource } from "~/server/http/api";
import { revisionCompareSchema } from "~/lib/schemas";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { compareRevisions } from "~/server/services/revisions";
import type { Route } from "./+types/news.$slug.revisions.compare";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** GET /api/news/{slug}/revisions/compare?from={id}&to={id}: what changed, as readable text. */
  GET: async ({ request, params }) => {
    const { from, to } = revisionCompareSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return json(await compareRevisions(await database(), await currentActor(request), params.slug, from, to, requestLocale(request)));
  },
});

export const loader = handle;
export const action = handle;
