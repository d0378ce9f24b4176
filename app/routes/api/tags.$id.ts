import { tagInputSchema } from "~/lib/schemas";
import { itemResource } from "~/server/http/collection-resources";
import { deleteTag, getTagByIdOrSlug, updateTag } from "~/server/services/tags";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public-read";
export const logging: RequestLogging = "timed";

/** GET /api/tags/{id or slug}; PUT and DELETE /api/tags/{id} (admin). */
const handle = itemResource({ schema: tagInputSchema, get: getTagByIdOrSlug, update: updateTag, remove: deleteTag });

export const loader = handle;
export const action = handle;
