import { idParam, json, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { sendTestIssue } from "~/server/newsletter/issues";
import type { Route } from "./+types/newsletter.issues.$id.test-mail";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/newsletter/issues/{id}/test: mails the issue, marked as a test, to the signed-in editor alone; {sent_to}. */
  async POST({ request, params }) {
    const id = idParam(params.id);
    const { to } = await sendTestIssue(await database(), await currentActor(request), id);
    return json({ sent_to: to });
  },
});

export const loader = handle;
export const action = handle;
