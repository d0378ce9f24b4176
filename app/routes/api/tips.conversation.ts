import { json, readJsonObject, resource } from "~/server/http/api";
import { tipConversationAction } from "~/server/http/tip-rate-limit";
import { database } from "~/server/process/runtime";
import { sourceConversation } from "~/server/services/tips";
import type { Route } from "./+types/tips.conversation";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const handle = resource<Route.ActionArgs>({
  /**
   * POST /api/tips/conversation {access_token}: the conversation a codename opens, still sealed.
   * A POST, so that the token never sits in an address, a log or a history.
   */
  async POST({ request }) {
    const body = await readJsonObject(request, 1024);
    await tipConversationAction(body.access_token);
    return json(await sourceConversation(await database(), body.access_token));
  },
});

export const loader = handle;
export const action = handle;
