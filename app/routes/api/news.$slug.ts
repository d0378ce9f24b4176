import { json, requestLocale, resource, succeeded } from "~/server/http/api";
import { readArticleForm } from "~/server/http/article-form";
import { apiArticle } from "~/server/http/article-json";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { mediaStorage } from "~/server/storage";
import { deleteArticle, updateArticle } from "~/server/services/article-writes";
import { getArticle } from "~/server/services/articles";
import type { Route } from "./+types/news.$slug";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public-read";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** GET /api/news/{slug}: a published article (any article for an admin), else 404. */
  GET: async ({ request, params }) => json(apiArticle(await getArticle(await database(), await currentActor(request), params.slug, requestLocale(request)))),
  /** PUT /api/news/{slug} (admin): multipart or JSON; fields left out keep their stored value. */
  async PUT({ request, params }) {
    const actor = await currentActor(request);
    return json(apiArticle(await updateArticle(await database(), mediaStorage(), actor, params.slug, await readArticleForm(request, actor), requestLocale(request))));
  },
  /** DELETE /api/news/{slug} (admin). */
  async DELETE({ request, params }) {
    await deleteArticle(await database(), await currentActor(request), params.slug);
    return succeeded();
  },
});

export const loader = handle;
export const action = handle;
