import { json, readJsonObject, resource } from "~/server/http/api";
import { tipAttachmentStart } from "~/server/http/tip-rate-limit";
import { database } from "~/server/process/runtime";
import { attachmentOwner } from "~/server/services/tip-limits";
import { startAttachment } from "~/server/services/tips";
import type { Route } from "./+types/tips.attachments";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const handle = resource<Route.ActionArgs>({
  /**
   * POST /api/tips/attachments {size, puzzle | access_token}: room for an encrypted attachment of
   * that many bytes, counted against the conversation, or the new one the solved puzzle will open.
   */
  async POST({ request }) {
    const db = await database();
    const body = await readJsonObject(request, 1024);
    await tipAttachmentStart(await attachmentOwner(db, body));
    return json(await startAttachment(db, body.size), 201);
  },
});

export const loader = handle;
export const action = handle;
