import { tagInputSchema } from "~/lib/schemas";
import { collectionResource } from "~/server/http/collection-resources";
import { createTag, listTags } from "~/server/services/tags";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public-read";
export const logging: RequestLogging = "timed";

/** GET /api/tags; POST {name, slug?} (admin). */
const handle = collectionResource({ schema: tagInputSchema, list: listTags, create: createTag });

export const loader = handle;
export const action = handle;
