/**
 * "Most read" as a reader page loads it: the shared ranking of the page's edition, and how long the
 * cached page may show it (the ranking's period) before it is rendered again.
 */
import type { MostReadItem } from "~/lib/api-types";
import type { Language } from "~/lib/limits";
import { CACHE_LIFETIME_HEADER } from "../cache/cached-response";
import type { Executor } from "../db/connection";
import { config } from "../platform/config";
import { mostReadRanking } from "../process/runtime";
import { logError } from "~/server/platform/log";

/** Five, like the Latest News box beside it (SPEC 9). */
const MOST_READ_COUNT = 5;

export async function mostReadOf(db: Executor, edition: Language): Promise<MostReadItem[]> {
  try {
    const entries = await mostReadRanking.get(db, edition, MOST_READ_COUNT);
    return entries.map(({ article }) => ({ id: article.id, slug: article.slug, title: article.title, language: article.language }));
  } catch (error) {
    // A page without its ranking still serves its news.
    logError("Most read could not be worked out", error);
    return [];
  }
}

/** The route's `headers`: the page is kept in the cache no longer than its ranking. */
export const mostReadHeaders = () => ({ [CACHE_LIFETIME_HEADER]: String(Math.ceil(config().mostReadRefreshMs / 1000)) });
