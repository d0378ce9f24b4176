import { idParam, json, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { getIssue } from "~/server/newsletter/issues";
import type { Route } from "./+types/newsletter.issues.$id";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** GET /api/newsletter/issues/{id}: {issue: {status, sent, failed, waiting, …}}, which the back office polls while it sends. */
  GET: async ({ request, params }) => json({ issue: await getIssue(await database(), await currentActor(request), idParam(params.id)) }),
});

export const loader = handle;
export const action = handle;
