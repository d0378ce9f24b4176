import { json, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { suppressionsPage } from "~/server/newsletter/back-office-lists";
import { newsletterPageSchema } from "~/lib/schemas";
import type { Route } from "./+types/newsletter.suppressions";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** GET /api/newsletter/suppressions (editors, admins): addresses never mailed again, newest first; ?page=&limit=. */
  async GET({ request }) {
    const { page, limit } = newsletterPageSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return json(await suppressionsPage(await database(), await currentActor(request), page, limit));
  },
});

export const loader = handle;
export const action = handle;
