import { json, readInput, requestLocale, resource } from "~/server/http/api";
import { apiArticle } from "~/server/http/article-json";
import { database } from "~/server/process/runtime";
import { currentActor } from "~/server/http/session";
import { translateArticle } from "~/server/services/article-writes";
import type { Route } from "./+types/news.$slug.translation";
import { translationRequestSchema } from "~/lib/schemas";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "private";
export const logging: RequestLogging = "timed";

const handle = resource<Route.ActionArgs>({
  /**
   * POST /api/news/{slug}/translation {language?} (newsroom): a draft in `language`, by default the
   * first language the story has no version in, as a new version of the story; 409 if it has one.
   */
  async POST({ request, params }) {
    const actor = await currentActor(request);
    const { language } = await readInput(request, translationRequestSchema);
    return json(apiArticle(await translateArticle(await database(), actor, params.slug, language, requestLocale(request))), 201);
  },
});

export const loader = handle;
export const action = handle;
