import { idParam, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { tipAttachmentCiphertext } from "~/server/services/tips";
import type { Route } from "./+types/tips.inbox.$id.attachments.$attachment";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const handle = resource<Route.LoaderArgs>({
  /** GET /api/tips/inbox/{id}/attachments/{attachment}: the ciphertext, for the editor's browser to open; audited. */
  async GET({ request, params }) {
    const bytes = await tipAttachmentCiphertext(await database(), await currentActor(request), idParam(params.id), params.attachment);
    return new Response(new Uint8Array(bytes), { headers: { "Content-Type": "application/octet-stream" } });
  },
});

export const loader = handle;
export const action = handle;
