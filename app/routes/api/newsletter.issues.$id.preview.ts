import { idParam, json, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { previewIssue } from "~/server/newsletter/issues";
import type { Route } from "./+types/newsletter.issues.$id.preview";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** GET /api/newsletter/issues/{id}/preview: {subject, html, text}, as readers will get it (its links name no reader). */
  GET: async ({ request, params }) => json(await previewIssue(await database(), await currentActor(request), idParam(params.id))),
});

export const loader = handle;
export const action = handle;
