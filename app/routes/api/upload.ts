import { AppError } from "~/server/errors";
import { api, json, methodNotAllowed, readFormData } from "~/server/http";
import { config } from "~/server/config";
import { currentActor } from "~/server/session";
import { requireAdmin } from "~/server/services/actor";
import { storeMedia } from "~/server/services/media";
import { mediaStorage } from "~/server/storage";
import type { Route } from "./+types/upload";

/** Only POST: anything else gets a JSON 405 (not React Router's bare error for a missing loader). */
export const loader = async () => methodNotAllowed(["POST"]);

/**
 * POST /api/upload (admin), multipart field `media`: returns {url}. `purpose=banner` applies the
 * banner's narrower type rule; otherwise the content-media rule.
 */
export const action = api(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const actor = await currentActor(request);
  // storeMedia checks the actor too; checked here first so that nobody else makes the server read a large body.
  requireAdmin(actor);
  const form = await readFormData(request, config().maxVideoBytes + 1024 * 1024, ["media"]);
  const file = form.get("media");
  if (!(file instanceof File)) throw new AppError(400, "noFile");
  const purpose = form.get("purpose") === "banner" ? "banner" : "content";
  const stored = await storeMedia(mediaStorage(), actor, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }, purpose);
  return json({ url: stored.url, media_type: stored.mediaType, width: stored.width, height: stored.height }, 201);
});
