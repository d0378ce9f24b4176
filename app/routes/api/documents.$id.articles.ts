import { idParam, json, readJsonObject, requestLocale, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { attachDocument } from "~/server/services/documents";
import type { Route } from "./+types/documents.$id.articles";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const BODY_MAX = 16 * 1024;

const handle = resource<Route.ActionArgs>({
  /** PUT /api/documents/{id}/articles {articles: [article ids]}: the stories the document belongs to. */
  async PUT({ request, params }) {
    const id = idParam(params.id);
    const actor = await currentActor(request);
    const body = await readJsonObject(request, BODY_MAX);
    return json({ document: await attachDocument(await database(), actor, id, body, requestLocale(request)) });
  },
});

export const loader = handle;
export const action = handle;
