import { newsQuerySchema } from "~/lib/schemas";
import { json, requestLocale, resource } from "~/server/http/api";
import { readArticleForm } from "~/server/http/article-form";
import { apiArticle, apiList } from "~/server/http/article-json";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { mediaStorage } from "~/server/storage";
import { createArticle } from "~/server/services/article-writes";
import { listArticles } from "~/server/services/articles";
import type { Route } from "./+types/news";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public-read";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /** GET /api/news: {articles, total, page, limit}. Filters: search, is_featured, category, tag, writer, language, status (admin), page, limit; `edition` lists each story once (services/editions.ts). */
  async GET({ request }) {
    const query = newsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    // Sections, writers and tags named in the client's language (?lang=, Accept-Language).
    return json(apiList(await listArticles(await database(), await currentActor(request), query, { names: requestLocale(request) })));
  },
  /** POST /api/news (admin): multipart or JSON article create. */
  async POST({ request }) {
    const actor = await currentActor(request);
    return json(apiArticle(await createArticle(await database(), mediaStorage(), actor, await readArticleForm(request, actor), requestLocale(request))), 201);
  },
});

export const loader = handle;
export const action = handle;
