import { DOCUMENT_FILES } from "~/lib/limits";
import { idParam, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { AppError } from "~/server/errors";
import { database, documentThread } from "~/server/process/runtime";
import { documentPageImage } from "~/server/services/documents";
import type { Route } from "./+types/documents.$id.pages.$page";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.LoaderArgs>({
  /** GET /api/documents/{id}/pages/{n}?file=original|prepared: the page drawn now, as WebP, for the newsroom only. */
  async GET({ request, params }) {
    const id = idParam(params.id);
    const page = idParam(params.page);
    const file = new URL(request.url).searchParams.get("file") ?? "prepared";
    if (!(DOCUMENT_FILES as readonly string[]).includes(file)) throw new AppError(404, "documentPageNotFound");
    const image = await documentPageImage(await database(), documentThread(), await currentActor(request), id, page, file as (typeof DOCUMENT_FILES)[number]);
    return new Response(image, { headers: { "Content-Type": "image/webp", "Content-Length": String(image.byteLength) } });
  },
});

export const loader = handle;
export const action = handle;
