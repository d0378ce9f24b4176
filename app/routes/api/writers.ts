import { writerInputSchema } from "~/lib/schemas";
import { collectionResource } from "~/server/http/collection-resources";
import { createWriter, listWriters } from "~/server/services/writers";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public-read";
export const logging: RequestLogging = "timed";

/** GET /api/writers; POST {name, email, bio} (admin). */
const handle = collectionResource({ schema: writerInputSchema, list: listWriters, create: createWriter });

export const loader = handle;
export const action = handle;
