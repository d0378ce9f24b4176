import { json, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { listSubscribers } from "~/server/newsletter/back-office-lists";
import { newsletterSubscribersQuerySchema } from "~/lib/schemas";
import type { Route } from "./+types/newsletter.subscribers";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** GET /api/newsletter/subscribers (editors, admins): newest first, each with its status and lists; ?page=&limit=&status=. */
  async GET({ request }) {
    const { page, limit, status } = newsletterSubscribersQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return json(await listSubscribers(await database(), await currentActor(request), page, limit, status));
  },
});

export const loader = handle;
export const action = handle;
