/**
 * A live story's stream as readers' clients read it (issue 39): its updates newest first, or every
 * change since the last one a client saw (live-coverage.ts says how the numbers are taken). The
 * writes are in live-updates.ts.
 */
import { and, asc, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { LiveUpdatesPage } from "~/lib/api-types";
import type { LiveUpdatesQuery } from "~/lib/schemas";
import type { Executor } from "../db/connection";
import { articles, liveUpdates, users } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, seesUnpublished } from "./actor";
import { liveCoverage, liveUpdateJson } from "./live-json";

/** An update as the stream and the API show it, with its author's name. */
export const liveUpdateColumns = {
  id: liveUpdates.id,
  changeId: liveUpdates.changeId,
  headline: liveUpdates.headline,
  body: liveUpdates.body,
  pinned: liveUpdates.pinned,
  publishedAt: liveUpdates.publishedAt,
  editedAt: liveUpdates.editedAt,
  deletedAt: liveUpdates.deletedAt,
  authorName: users.name,
};

/**
 * GET /api/news/{slug}/updates: the stream (newest first, `before` an id for the next page), or
 * with `after` every change since (in the order of the changes). One statement reads the story and
 * its updates, so that the `change_id` answered is exactly what the updates answered reach: a
 * client resuming from it misses nothing and gets nothing twice.
 */
export async function listLiveUpdates(db: Executor, actor: Actor | null, slug: string, query: LiveUpdatesQuery): Promise<LiveUpdatesPage> {
  const following = query.after !== undefined;
  const page = db
    .select(liveUpdateColumns)
    .from(liveUpdates)
    .leftJoin(users, eq(users.id, liveUpdates.authorId))
    .where(
      and(
        eq(liveUpdates.articleId, articles.id),
        following ? gt(liveUpdates.changeId, query.after!) : and(isNull(liveUpdates.deletedAt), query.before === undefined ? undefined : lt(liveUpdates.id, query.before)),
      ),
    )
    .orderBy(following ? asc(liveUpdates.changeId) : desc(liveUpdates.id))
    .limit(query.limit + 1)
    .as("page");
  const rows = await db
    .select({
      isPublished: articles.isPublished,
      authorId: articles.authorId,
      liveStartedAt: articles.liveStartedAt,
      liveEndedAt: articles.liveEndedAt,
      liveKeyPoints: articles.liveKeyPoints,
      liveChangeId: articles.liveChangeId,
      update: {
        id: page.id,
        changeId: page.changeId,
        headline: page.headline,
        body: page.body,
        pinned: page.pinned,
        publishedAt: page.publishedAt,
        editedAt: page.editedAt,
        deletedAt: page.deletedAt,
        authorName: page.authorName,
      },
    })
    .from(articles)
    .leftJoinLateral(page, sql`true`)
    .where(eq(articles.slug, slug.normalize("NFC")));
  const story = rows[0];
  if (!story || (!story.isPublished && !seesUnpublished(actor, story))) throw new AppError(404, "articleNotFound");
  const found = rows.flatMap((row) => (row.update ? [row.update] : []));
  const hasMore = found.length > query.limit;
  const updates = found.slice(0, query.limit);
  return {
    live: liveCoverage(story),
    updates: updates.map((row) => liveUpdateJson(row)),
    change_id: following && hasMore ? updates.at(-1)!.changeId : story.liveChangeId,
    has_more: hasMore,
  };
}
