/**
 * What a reader's page shows of a live story (issue 39): a page of its updates newest first, the
 * pinned ones above them, and the update a shared address names (`?update={id}`). The stream is
 * read as its API reads it (live-stream.ts); the pinned and the named update come in one more
 * statement.
 */
import { and, desc, eq, isNull, or } from "drizzle-orm";
import type { LiveCoverage, LiveUpdate } from "~/lib/api-types";
import { type Language, LIVE_UPDATES_PAGE } from "~/lib/limits";
import type { Executor } from "../db/connection";
import { liveUpdates, users } from "../db/schema";
import { AppError } from "../errors";
import type { Actor } from "./actor";
import { readArticle } from "./article-access";
import { liveUpdateJson } from "./live-json";
import { listLiveUpdates, liveUpdateColumns } from "./live-stream";

export interface LivePageUpdates {
  /** Pinned updates, newest first: on the first page only, above the stream. */
  pinned: LiveUpdate[];
  /** This page of the stream, newest first, without the pinned ones shown above it. */
  updates: LiveUpdate[];
  /** The update `?update=` names when it is one of the story's (and not deleted), wherever it is in the stream. */
  shared: LiveUpdate | null;
  /** Where a client following the stream resumes (`?after=`). */
  changeId: number;
  /** The `before` of the next (older) page, or null at the end. */
  olderBefore: number | null;
}

export interface LivePageQuery {
  before?: number;
  update?: number;
}

/** The page's updates of a story with coverage; `slug` and `articleId` name the same story. */
export async function livePageUpdates(db: Executor, actor: Actor | null, story: { id: number; slug: string }, query: LivePageQuery): Promise<LivePageUpdates> {
  const firstPage = query.before === undefined;
  const [page, extra] = await Promise.all([
    listLiveUpdates(db, actor, story.slug, { limit: LIVE_UPDATES_PAGE, before: query.before }),
    firstPage || query.update !== undefined
      ? db
          .select(liveUpdateColumns)
          .from(liveUpdates)
          .leftJoin(users, eq(users.id, liveUpdates.authorId))
          .where(
            and(
              eq(liveUpdates.articleId, story.id),
              isNull(liveUpdates.deletedAt),
              or(firstPage ? eq(liveUpdates.pinned, true) : undefined, query.update === undefined ? undefined : eq(liveUpdates.id, query.update)),
            ),
          )
          .orderBy(desc(liveUpdates.id))
      : Promise.resolve([]),
  ]);
  const updates = page.updates.flatMap((update) => ("deleted" in update ? [] : [update]));
  const pinned = firstPage ? extra.filter((row) => row.pinned).map((row) => liveUpdateJson({ ...row, deletedAt: null })) : [];
  const named = extra.find((row) => row.id === query.update);
  return {
    pinned,
    updates: firstPage ? updates.filter((update) => !update.pinned) : updates,
    shared: named ? liveUpdateJson({ ...named, deletedAt: null }) : null,
    changeId: page.change_id,
    olderBefore: page.has_more ? (updates.at(-1)?.id ?? null) : null,
  };
}

/** The newest few updates of a story, for its card where it leads the home page. */
export async function latestLiveUpdates(db: Executor, articleId: number, limit: number): Promise<LiveUpdate[]> {
  const rows = await db
    .select(liveUpdateColumns)
    .from(liveUpdates)
    .leftJoin(users, eq(users.id, liveUpdates.authorId))
    .where(and(eq(liveUpdates.articleId, articleId), isNull(liveUpdates.deletedAt)))
    .orderBy(desc(liveUpdates.id))
    .limit(limit);
  return rows.map((row) => liveUpdateJson({ ...row, deletedAt: null }));
}

/** A live story's feed (issue 39): the story, its coverage and its newest updates. */
export interface LiveFeed {
  story: { title: string; slug: string; language: Language };
  live: LiveCoverage;
  updates: LiveUpdate[];
}

/** The feed of a published story that has (or had) live coverage; any other is not found. */
export async function liveFeedOf(db: Executor, slug: string, limit: number): Promise<LiveFeed> {
  const story = await readArticle(db, slug, ["title", "slug", "language", "isPublished"]);
  if (!story.isPublished) throw new AppError(404, "articleNotFound");
  const page = await listLiveUpdates(db, null, story.slug, { limit });
  if (!page.live) throw new AppError(404, "articleNotFound");
  return {
    story: { title: story.title, slug: story.slug, language: story.language },
    live: page.live,
    updates: page.updates.flatMap((update) => ("deleted" in update ? [] : [update])),
  };
}
