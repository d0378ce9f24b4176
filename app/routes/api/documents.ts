import { AppError } from "~/server/errors";
import { json, requestLocale, resource } from "~/server/http/api";
import { fileBytes, readFormData } from "~/server/http/form-body";
import { currentActor } from "~/server/http/session";
import { database, documentJobs } from "~/server/process/runtime";
import { requireAbility } from "~/server/services/actor";
import { listDocuments, maxDocumentBytes, uploadDocument } from "~/server/services/documents";
import { documentsQuerySchema } from "~/lib/schemas";
import type { Route } from "./+types/documents";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

/** Room for the form's text fields beside the file. */
const FIELDS_BYTES = 1024 * 1024;

const handle = resource<Route.ActionArgs>({
  /** GET /api/documents (the newsroom): newest first, ?page=&limit=. */
  GET: async ({ request }) =>
    json(
      await listDocuments(
        await database(),
        await currentActor(request),
        documentsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams)),
        requestLocale(request),
      ),
    ),
  /** POST /api/documents (the newsroom), multipart `file` (a PDF) and the texts: 201, examining. */
  async POST({ request }) {
    // Checked before the body is read: nobody else makes the server read 50 MB.
    const actor = requireAbility(await currentActor(request), "backOffice");
    const form = await readFormData(request, maxDocumentBytes() + FIELDS_BYTES, ["file"]);
    const file = form.get("file");
    if (!(file instanceof File)) throw new AppError(400, "noFile");
    const fields = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    const bytes = await fileBytes(file);
    const document = await uploadDocument(await database(), await documentJobs(), actor, { name: file.name, bytes }, fields, requestLocale(request));
    return json({ document }, 201);
  },
});

export const loader = handle;
export const action = handle;
