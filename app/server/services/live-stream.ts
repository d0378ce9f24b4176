/**
 * A live story's stream as readers' clients read it (issue 39): its updates newest first, or every
 * change since the last one a client saw (live-coverage.ts says how the numbers are taken). The
 * writes are in live-updates.ts.
 */
import { type Placeholder, type SQL, and, asc, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
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

/** Where a page of the stream starts and how many rows it reads (a page and one more): values, or a prepared statement's placeholders. */
interface StreamBounds {
  after?: number | Placeholder;
  before?: number | Placeholder;
  rows: number | Placeholder;
}

/** The one statement that reads a story (`story`, a condition on articles) and a page of its stream. */
function streamStatement(db: Executor, story: SQL, { after, before, rows }: StreamBounds) {
  const following = after !== undefined;
  const page = db
    .select(liveUpdateColumns)
    .from(liveUpdates)
    .leftJoin(users, eq(users.id, liveUpdates.authorId))
    .where(
      and(
        eq(liveUpdates.articleId, articles.id),
        following ? gt(liveUpdates.changeId, after) : and(isNull(liveUpdates.deletedAt), before === undefined ? undefined : lt(liveUpdates.id, before)),
      ),
    )
    .orderBy(following ? asc(liveUpdates.changeId) : desc(liveUpdates.id))
    .limit(rows)
    .as("page");
  return db
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
}

type StreamRows = Awaited<ReturnType<typeof streamStatement>>;

function streamRead(rows: StreamRows, limit: number, following: boolean): StreamRead | null {
  const first = rows[0];
  if (!first) return null;
  const found = rows.flatMap((row) => (row.update ? [row.update] : []));
  const hasMore = found.length > limit;
  const updates = found.slice(0, limit);
  return {
    isPublished: first.isPublished,
    authorId: first.authorId,
    live: liveCoverage(first),
    updates,
    changeId: following && hasMore ? updates.at(-1)!.changeId : first.liveChangeId,
    hasMore,
  };
}

async function readStream(db: Executor, story: SQL, query: LiveUpdatesQuery): Promise<StreamRead | null> {
  const rows = await streamStatement(db, story, { after: query.after, before: query.before, rows: query.limit + 1 });
  return streamRead(rows, query.limit, query.after !== undefined);
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

/**
 * The two reads of the live push (live-push.ts), built once per database handle and kept, their
 * values placeholders: 5,000 readers arriving at once made 10,000 of them, and building each
 * (drizzle's SQL from its builders, a lateral subquery of nine columns) was most of what the
 * arrivals allocated, 150 KB of the 225 KB each (docs/decisions.md, "The arrivals' garbage").
 * Kept per handle, as a prepared query belongs to its session.
 */
function pushStatements(db: Executor) {
  return {
    changes: streamStatement(db, eq(articles.id, sql.placeholder("articleId")), { after: sql.placeholder("after"), rows: sql.placeholder("rows") }).prepare(
      "live_changes_of_story",
    ),
    story: db
      .select({ id: articles.id, isPublished: articles.isPublished, authorId: articles.authorId, liveStartedAt: articles.liveStartedAt, liveChangeId: articles.liveChangeId })
      .from(articles)
      .where(eq(articles.slug, sql.placeholder("slug")))
      .prepare("live_story_at"),
  };
}

const preparedForPush = new WeakMap<Executor, ReturnType<typeof pushStatements>>();

function statementsOf(db: Executor): ReturnType<typeof pushStatements> {
  let statements = preparedForPush.get(db);
  if (!statements) preparedForPush.set(db, (statements = pushStatements(db)));
  return statements;
}

/** The changes of the story `articleId` after `after`, at most `limit` of them, for the instance that pushes them (live-push.ts); null once the story is gone. */
export async function liveChangesOf(db: Executor, articleId: number, after: number, limit: number): Promise<StreamRead | null> {
  return streamRead(await statementsOf(db).changes.execute({ articleId, after, rows: limit + 1 }), limit, true);
}

/** The story at `slug` as a new stream needs it, to decide whether its reader may follow it and from where; 404 when none. */
export async function liveStoryAt(db: Executor, slug: string) {
  const [story] = await statementsOf(db).story.execute({ slug: slug.normalize("NFC") });
  if (!story) throw new AppError(404, "articleNotFound");
  return story;
}
