import { categoryInputSchema } from "~/lib/schemas";
import { itemResource } from "~/server/http/collection-resources";
import { deleteCategory, getCategoryByIdOrSlug, updateCategory } from "~/server/services/categories";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public-read";
export const logging: RequestLogging = "timed";

/** GET /api/categories/{id or slug}; PUT and DELETE /api/categories/{id} (admin). */
const handle = itemResource({ schema: categoryInputSchema, get: getCategoryByIdOrSlug, update: updateCategory, remove: deleteCategory });

export const loader = handle;
export const action = handle;
