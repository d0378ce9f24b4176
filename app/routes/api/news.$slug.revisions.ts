import { json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { listRevisions } from "~/server/services/revisions";
import type { Route } from "./+types/news.$slug.revisions";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** GET /api/news/{slug}/revisions (whoever may change the story): its revisions, newest first. */
  GET: async ({ request, params }) => json({ revisions: await listRevisions(await database(), await currentActor(request), params.slug) }),
});

export const loader = handle;
export const action = handle;
