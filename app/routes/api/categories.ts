import { categoryInputSchema } from "~/lib/schemas";
import { collectionResource } from "~/server/http/collection-resources";
import { createCategory, listCategories } from "~/server/services/categories";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public-read";
export const logging: RequestLogging = "timed";

/** GET /api/categories; POST {name, slug?, description?} (admin). */
const handle = collectionResource({ schema: categoryInputSchema, list: listCategories, create: createCategory });

export const loader = handle;
export const action = handle;
