import { readJsonObject, resource } from "~/server/http/api";
import { requestInfoContext } from "~/server/http/request-context";
import { tipAction } from "~/server/http/tip-rate-limit";
import { database } from "~/server/process/runtime";
import { sourceReply } from "~/server/services/tips";
import type { Route } from "./+types/tips.conversation.messages";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const TIP_JSON_MAX = 512 * 1024;

const handle = resource<Route.ActionArgs>({
  /** POST /api/tips/conversation/messages {access_token, public_key, message, attachments}: a source's later message. */
  async POST({ request, context }) {
    await tipAction(context.get(requestInfoContext).clientIp);
    await sourceReply(await database(), await readJsonObject(request, TIP_JSON_MAX));
    return new Response(null, { status: 201 });
  },
});

export const loader = handle;
export const action = handle;
