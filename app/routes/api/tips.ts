import { readJsonObject, resource } from "~/server/http/api";
import { requestInfoContext } from "~/server/http/request-context";
import { tipAction } from "~/server/http/tip-rate-limit";
import { database } from "~/server/process/runtime";
import { sendTip } from "~/server/services/tips";
import type { Route } from "./+types/tips";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const TIP_JSON_MAX = 512 * 1024;

const handle = resource<Route.ActionArgs>({
  /**
   * POST /api/tips {public_key, source_public_key, access_token, message: {forNewsroom, forSource},
   * attachments}: a source's first message, sealed in their browser.
   */
  async POST({ request, context }) {
    await tipAction(context.get(requestInfoContext).clientIp);
    await sendTip(await database(), await readJsonObject(request, TIP_JSON_MAX));
    return new Response(null, { status: 201 });
  },
});

export const loader = handle;
export const action = handle;
