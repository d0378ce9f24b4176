import { json, resource } from "~/server/http/api";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { listAudit } from "~/server/services/audit";
import { auditQuerySchema } from "~/lib/schemas";
import type { Route } from "./+types/audit";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.LoaderArgs>({
  /** GET /api/audit (admins): the trail, newest first; ?actor=&action=&object=&object_id=&from=&to=&page=&limit=. */
  GET: async ({ request }) =>
    json(await listAudit(await database(), await currentActor(request), auditQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams)))),
});

export const loader = handle;
export const action = handle;
