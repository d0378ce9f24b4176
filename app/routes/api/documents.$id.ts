import { idParam, json, readJsonObject, requestLocale, resource, succeeded } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { deleteDocument, getDocument, updateDocument } from "~/server/services/documents";
import type { Route } from "./+types/documents.$id";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

// An unpublished document is 404 to the public and whole to the newsroom: never kept in a shared cache.
export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** Room for a document's texts in every language. */
const BODY_MAX = 64 * 1024;

const handle = resource<Route.LoaderArgs>({
  /** GET /api/documents/{id or slug}: everything for the newsroom; a published one, without findings, for the rest. */
  GET: async ({ request, params }) =>
    json(await getDocument(await database(), await currentActor(request), params.id, requestLocale(request))),
  /** PUT /api/documents/{id} {title_en, …, date, tags, slug}: the document's texts, date and tags. */
  async PUT({ request, params }) {
    const id = idParam(params.id);
    const actor = await currentActor(request);
    const body = await readJsonObject(request, BODY_MAX);
    return json({ document: await updateDocument(await database(), actor, id, body, requestLocale(request)) });
  },
  /** DELETE /api/documents/{id}: an unpublished document and its files; 409 once published or while a job runs. */
  async DELETE({ request, params }) {
    await deleteDocument(await database(), await currentActor(request), idParam(params.id));
    return succeeded();
  },
});

export const loader = handle;
export const action = handle;
