import { idParam, json, readJsonObject, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database, wakeNewsletterSender } from "~/server/process/runtime";
import { sendIssue } from "~/server/newsletter/issues";
import type { Route } from "./+types/newsletter.issues.$id.send";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const BODY_MAX = 4 * 1024;

const handle = resource<Route.ActionArgs>({
  /** POST /api/newsletter/issues/{id}/send {at?}: 202, sending now or at `at`; 409 once it started. */
  async POST({ request, params }) {
    const id = idParam(params.id);
    const actor = await currentActor(request);
    const body = await readJsonObject(request, BODY_MAX);
    const issue = await sendIssue(await database(), actor, id, body);
    wakeNewsletterSender();
    return json({ issue }, 202);
  },
});

export const loader = handle;
export const action = handle;
