import { readJsonObject, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { sendTipWithPuzzle } from "~/server/services/tips";
import type { Route } from "./+types/tips";
import type { Sharing } from "~/lib/sharing";

export const sharing: Sharing = "private";

const TIP_JSON_MAX = 512 * 1024;

const handle = resource<Route.ActionArgs>({
  /**
   * POST /api/tips {public_key, source_public_key, access_token, message: {forNewsroom, forSource},
   * attachments, puzzle}: a source's first message, sealed in their browser, paid for with a solved puzzle.
   */
  async POST({ request }) {
    await sendTipWithPuzzle(await database(), await readJsonObject(request, TIP_JSON_MAX));
    return new Response(null, { status: 201 });
  },
});

export const loader = handle;
export const action = handle;
