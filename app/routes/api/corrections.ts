import { json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { listCorrections } from "~/server/services/article-notes";
import { correctionsQuerySchema } from "~/lib/schemas";
import type { Route } from "./+types/corrections";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.LoaderArgs>({
  /** GET /api/corrections (anyone): every correction of a published story, newest first; ?page=&limit=&language=. */
  GET: async ({ request }) => json(await listCorrections(await database(), correctionsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams)))),
});

export const loader = handle;
export const action = handle;
