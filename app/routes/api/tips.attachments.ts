import { json, readJsonObject, resource } from "~/server/http/api";
import { requestInfoContext } from "~/server/http/request-context";
import { tipAction } from "~/server/http/tip-rate-limit";
import { database } from "~/server/process/runtime";
import { startAttachment } from "~/server/services/tips";
import type { Route } from "./+types/tips.attachments";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const handle = resource<Route.ActionArgs>({
  /** POST /api/tips/attachments {size}: room for an encrypted attachment of that many bytes. */
  async POST({ request, context }) {
    await tipAction(context.get(requestInfoContext).clientIp);
    const body = await readJsonObject(request, 1024);
    return json(await startAttachment(await database(), body.size), 201);
  },
});

export const loader = handle;
export const action = handle;
