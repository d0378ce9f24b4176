import { readBody, resource } from "~/server/http/api";
import { tipUploadPart } from "~/server/http/tip-rate-limit";
import { database } from "~/server/process/runtime";
import { storeAttachmentPart } from "~/server/services/tips";
import { UPLOAD_PART_BYTES } from "~/lib/tips/protocol";
import type { Route } from "./+types/tips.attachments.$id.parts.$part";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const handle = resource<Route.ActionArgs>({
  /** PUT /api/tips/attachments/{id}/parts/{n}: one part of an attachment's ciphertext, as raw bytes. */
  async PUT({ request, params }) {
    await tipUploadPart(params.id);
    const part = Number(params.part);
    await storeAttachmentPart(await database(), params.id, Number.isSafeInteger(part) ? part : -1, await readBody(request, UPLOAD_PART_BYTES));
    return new Response(null, { status: 204 });
  },
});

export const loader = handle;
export const action = handle;
