import { api, json, methodNotAllowed } from "~/server/http";
import { readArticleForm } from "~/server/article-form";
import { database } from "~/server/runtime";
import { currentActor } from "~/server/session";
import { mediaStorage } from "~/server/storage";
import { deleteArticle, getArticle, updateArticle } from "~/server/services/articles";
import type { Route } from "./+types/news.$slug";

/** GET /api/news/{slug}: a published article (any article for an admin), else 404. */
export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
  return json(await getArticle(await database(), await currentActor(request), params.slug));
});

/** PUT (multipart update; absent fields keep their stored value) and DELETE, admin only. */
export const action = api(async ({ request, params }: Route.ActionArgs) => {
  const actor = await currentActor(request);
  const db = await database();
  if (request.method === "PUT") {
    return json(await updateArticle(db, mediaStorage(), actor, params.slug, await readArticleForm(request, actor)));
  }
  if (request.method === "DELETE") {
    await deleteArticle(db, actor, params.slug);
    return json({ success: true });
  }
  return methodNotAllowed(["GET", "PUT", "DELETE"]);
});
