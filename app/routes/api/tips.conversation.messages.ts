import { readJsonObject, resource } from "~/server/http/api";
import { tipConversationAction } from "~/server/http/tip-rate-limit";
import { database } from "~/server/process/runtime";
import { sourceReply } from "~/server/services/tips";
import type { Route } from "./+types/tips.conversation.messages";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const TIP_JSON_MAX = 512 * 1024;

const handle = resource<Route.ActionArgs>({
  /** POST /api/tips/conversation/messages {access_token, public_key, message, attachments}: a source's later message. */
  async POST({ request }) {
    const body = await readJsonObject(request, TIP_JSON_MAX);
    await tipConversationAction(body.access_token);
    await sourceReply(await database(), body);
    return new Response(null, { status: 201 });
  },
});

export const loader = handle;
export const action = handle;
