import { json, requestLocale, resource } from "~/server/http/api";
import { apiArticle } from "~/server/http/article-json";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { translateArticle } from "~/server/services/article-writes";
import type { Route } from "./+types/news.$slug.translation";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** POST /api/news/{slug}/translation (admin): a draft in the other language, linked to this article; 409 if it has one. */
  POST: async ({ request, params }) =>
    json(apiArticle(await translateArticle(await database(), await currentActor(request), params.slug, requestLocale(request))), 201),
});

export const loader = handle;
export const action = handle;
