import { idParam, json, readJsonObject, requestLocale, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database, documentJobs } from "~/server/process/runtime";
import { publishDocument } from "~/server/services/documents";
import type { Route } from "./+types/documents.$id.publish";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const BODY_MAX = 64 * 1024;

const handle = resource<Route.ActionArgs>({
  /**
   * POST /api/documents/{id}/publish {override?: {reason}}: 202, publishing (its pages are drawn,
   * then it is published); 409 document_has_findings while findings remain and no reason is given.
   */
  async POST({ request, params }) {
    const id = idParam(params.id);
    const actor = await currentActor(request);
    const body = await readJsonObject(request, BODY_MAX);
    return json({ document: await publishDocument(await database(), await documentJobs(), actor, id, body, requestLocale(request)) }, 202);
  },
});

export const loader = handle;
export const action = handle;
