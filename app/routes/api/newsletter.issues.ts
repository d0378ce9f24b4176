import { json, readJsonObject, resource } from "~/server/http/api";
import { currentActor } from "~/server/http/session";
import { database } from "~/server/process/runtime";
import { createIssue, listIssues } from "~/server/newsletter/issues";
import { newsletterPageSchema } from "~/lib/schemas";
import type { Route } from "./+types/newsletter.issues";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const BODY_MAX = 64 * 1024;

const handle = resource<Route.ActionArgs>({
  /** GET /api/newsletter/issues (editors, admins): newest first, with each one's progress; ?page=&limit=. */
  async GET({ request }) {
    const { page, limit } = newsletterPageSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return json(await listIssues(await database(), await currentActor(request), page, limit));
  },
  /** POST /api/newsletter/issues {edition, subject, intro, article_ids}: 201 {issue}, a draft. */
  async POST({ request }) {
    const actor = await currentActor(request);
    const body = await readJsonObject(request, BODY_MAX);
    return json({ issue: await createIssue(await database(), actor, body) }, 201);
  },
});

export const loader = handle;
export const action = handle;
