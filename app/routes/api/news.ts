import { newsQuerySchema } from "~/lib/schemas";
import { api, json, methodNotAllowed } from "~/server/http";
import { readArticleForm } from "~/server/article-form";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { mediaStorage } from "~/server/storage";
import { createArticle, listArticles } from "~/server/services/articles";
import type { Route } from "./+types/news";

/** GET /api/news: {articles, total, page, limit}. Filters: search, is_featured, category, tag, writer, language, status (admin), page, limit. */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  const query = newsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return json(await listArticles(await database(), await currentActor(request), query));
});

/** POST /api/news (admin): multipart article create. */
export const action = api(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await currentActor(request);
  const db = await database();
  return json(await createArticle(db, mediaStorage(), actor, await readArticleForm(request, actor)), 201);
});
