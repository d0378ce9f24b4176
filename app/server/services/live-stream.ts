/**
 * A live story's stream as readers' clients read it (issue 39): its updates newest first, or every
 * change since the last one a client saw (live-coverage.ts says how the numbers are taken). The
 * writes are in live-updates.ts.
 */
import { type SQL, and, asc, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { LiveCoverage, LiveUpdatesPage } from "~/lib/api-types";
import type { LiveUpdatesQuery } from "~/lib/schemas";
import type { Executor } from "../db/connection";
import { articles, liveUpdates, users } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, seesUnpublished } from "./actor";
import { type LiveUpdateRow, liveCoverage, liveUpdateJson } from "./live-json";

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

/** A story's coverage and a page of its stream, read by one statement: `change_id` is exactly what the page reaches. */
interface StreamRead {
  isPublished: boolean;
  authorId: number | null;
  live: LiveCoverage | null;
  updates: LiveUpdateRow[];
  changeId: number;
  hasMore: boolean;
}

async function readStream(db: Executor, story: SQL, query: LiveUpdatesQuery): Promise<StreamRead | null> {
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
    .where(story);
  const first = rows[0];
  if (!first) return null;
  const found = rows.flatMap((row) => (row.update ? [row.update] : []));
  const hasMore = found.length > query.limit;
  const updates = found.slice(0, query.limit);
  return {
    isPublished: first.isPublished,
    authorId: first.authorId,
    live: liveCoverage(first),
    updates,
    changeId: following && hasMore ? updates.at(-1)!.changeId : first.liveChangeId,
    hasMore,
  };
}

/**
 * GET /api/news/{slug}/updates: the stream (newest first, `before` an id for the next page), or
 * with `after` every change since (in the order of the changes). One statement reads the story and
 * its updates, so that the `change_id` answered is exactly what the updates answered reach: a
 * client resuming from it misses nothing and gets nothing twice.
 */
export async function listLiveUpdates(db: Executor, actor: Actor | null, slug: string, query: LiveUpdatesQuery): Promise<LiveUpdatesPage> {
  const story = await readStream(db, eq(articles.slug, slug.normalize("NFC")), query);
  if (!story || (!story.isPublished && !seesUnpublished(actor, story))) throw new AppError(404, "articleNotFound");
  return { live: story.live, updates: story.updates.map((row) => liveUpdateJson(row)), change_id: story.changeId, has_more: story.hasMore };
}

/** The changes of the story `articleId` after `after`, at most `limit` of them, for the instance that pushes them (live-push.ts); null once the story is gone. */
export function liveChangesOf(db: Executor, articleId: number, after: number, limit: number): Promise<StreamRead | null> {
  return readStream(db, eq(articles.id, articleId), { after, limit });
}
