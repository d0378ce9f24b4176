import { idParam, json, readJsonObject, requestLocale, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { mediaStorage } from "~/server/storage";
import { withdrawDocument } from "~/server/services/documents";
import type { Route } from "./+types/documents.$id.withdraw";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const BODY_MAX = 16 * 1024;

const handle = resource<Route.ActionArgs>({
  /** POST /api/documents/{id}/withdraw {reason}: a published document taken down by an editor or an admin. */
  async POST({ request, params }) {
    const id = idParam(params.id);
    const actor = await currentActor(request);
    const body = await readJsonObject(request, BODY_MAX);
    return json({ document: await withdrawDocument(await database(), mediaStorage(), actor, id, body, requestLocale(request)) });
  },
});

export const loader = handle;
export const action = handle;
