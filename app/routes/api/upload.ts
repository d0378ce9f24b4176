import { AppError } from "~/server/errors";
import { json, resource } from "~/server/http/api";
import { fileBytes, readFormData } from "~/server/http/form-body";
import { config } from "~/server/platform/config";
import { currentActor } from "~/server/http/session";
import { requireAbility } from "~/server/services/actor";
import { storeMedia } from "~/server/services/media";
import { database } from "~/server/process/runtime";
import { mediaStorage } from "~/server/storage";
import type { Route } from "./+types/upload";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /**
   * POST /api/upload (the newsroom), multipart field `media`: returns {url}. `purpose=banner` applies the
   * banner's narrower type rule; otherwise the content-media rule.
   */
  async POST({ request }) {
    // storeMedia checks the actor too; checked here first so that nobody else makes the server read a large body.
    const actor = requireAbility(await currentActor(request), "backOffice");
    const form = await readFormData(request, config().maxVideoBytes + 1024 * 1024, ["media"]);
    const file = form.get("media");
    if (!(file instanceof File)) throw new AppError(400, "noFile");
    const purpose = form.get("purpose") === "banner" ? "banner" : "content";
    const stored = await storeMedia(mediaStorage(), await database(), actor, { name: file.name, bytes: await fileBytes(file) }, purpose);
    return json({ url: stored.url, media_type: stored.mediaType, width: stored.width, height: stored.height }, 201);
  },
});

export const loader = handle;
export const action = handle;
