import { writerInputSchema } from "~/lib/schemas";
import { idParam } from "~/server/http/api";
import { itemResource } from "~/server/http/collection-resources";
import { deleteWriter, getWriter, updateWriter } from "~/server/services/writers";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public-read";
export const logging: RequestLogging = "timed";

/** GET, PUT {name, email, bio} and DELETE /api/writers/{id}; changes are the admin's. */
const handle = itemResource({
  schema: writerInputSchema,
  get: (db, key, language) => getWriter(db, idParam(key), language),
  update: updateWriter,
  remove: deleteWriter,
});

export const loader = handle;
export const action = handle;
