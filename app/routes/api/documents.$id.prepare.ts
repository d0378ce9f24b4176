import { idParam, json, readJsonObject, requestLocale, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database, documentJobs } from "~/server/process/runtime";
import { prepareDocument } from "~/server/services/documents";
import type { Route } from "./+types/documents.$id.prepare";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const BODY_MAX = 16 * 1024;

const handle = resource<Route.ActionArgs>({
  /** POST /api/documents/{id}/prepare {flatten, dpi?}: 202, examining; the prepared file's findings follow on GET. */
  async POST({ request, params }) {
    const id = idParam(params.id);
    const actor = await currentActor(request);
    const body = await readJsonObject(request, BODY_MAX);
    return json({ document: await prepareDocument(await database(), await documentJobs(), actor, id, body, requestLocale(request)) }, 202);
  },
});

export const loader = handle;
export const action = handle;
