/**
 * The live desk (issue 39): what the back office's phone composer of a live story needs in one
 * read: the story, its coverage, its latest updates with which of them the member may change, and
 * the story's other editions with whether their coverage runs (for "Also post to the … edition").
 * Who may post, change and delete is live-updates.ts's rule; this only says it ahead of time.
 */
import { and, desc, eq, inArray, isNotNull, isNull, ne as notEqual } from "drizzle-orm";
import type { LiveCoverage, LiveUpdate } from "~/lib/api-types";
import type { Language } from "~/lib/limits";
import type { Executor } from "../db/connection";
import { articles, liveUpdates } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, can, requireAbility, seesUnpublished } from "./actor";
import { readArticle } from "./article-access";
import { listLiveUpdates } from "./live-stream";
import { mayEditArticle } from "~/lib/roles";

/** How many of the latest updates the desk lists: a night's worth to correct, not the whole stream. */
const DESK_UPDATES = 50;

/** How many running live stories the dashboard lists: more at once is not a night a newsroom has. */
const LIVE_NOW_LISTED = 10;

export interface LiveDeskUpdate extends LiveUpdate {
  /** The member posted it, or edits every article: they may edit, pin and delete it. */
  may_change: boolean;
}

export interface LiveDeskEdition {
  slug: string;
  title: string;
  language: Language;
  /** Its coverage runs: an update may be posted to it with this story's. */
  live: boolean;
}

export interface LiveDesk {
  story: { slug: string; title: string; language: Language; is_published: boolean };
  live: LiveCoverage | null;
  /** The member may start, end and reopen the coverage and write its key points (on the story's page). */
  may_manage: boolean;
  updates: LiveDeskUpdate[];
  has_more: boolean;
  /** The story's other versions the member may see, in the site's order of languages. */
  editions: LiveDeskEdition[];
}

/** The desk of the story at `slug`, for a member who may post updates (authors, editors, admins); 404 for a draft they cannot see. */
export async function liveDeskOf(db: Executor, actor: Actor | null, slug: string): Promise<LiveDesk> {
  const writer = requireAbility(actor, "publish");
  const story = await readArticle(db, slug, ["id", "slug", "title", "language", "isPublished", "authorId", "storyId"]);
  if (!story.isPublished && !seesUnpublished(writer, story)) throw new AppError(404, "articleNotFound");
  const [stream, others] = await Promise.all([
    listLiveUpdates(db, writer, slug, { limit: DESK_UPDATES }),
    db
      .select({ slug: articles.slug, title: articles.title, language: articles.language, isPublished: articles.isPublished, authorId: articles.authorId, liveStartedAt: articles.liveStartedAt, liveEndedAt: articles.liveEndedAt })
      .from(articles)
      .where(and(eq(articles.storyId, story.storyId), notEqual(articles.id, story.id))),
  ]);
  const listed = stream.updates.map((update) => update.id);
  const authors = listed.length === 0 ? [] : await db.select({ id: liveUpdates.id, authorId: liveUpdates.authorId }).from(liveUpdates).where(inArray(liveUpdates.id, listed));
  const authorOf = new Map(authors.map((row) => [row.id, row.authorId]));
  const editsAll = can(writer, "editEveryArticle");
  const updates = stream.updates.flatMap((update) => ("deleted" in update ? [] : [{ ...update, may_change: editsAll || authorOf.get(update.id) === writer.id }]));
  const editions = others
    .filter((version) => version.isPublished || seesUnpublished(writer, version))
    .map((version) => ({ slug: version.slug, title: version.title, language: version.language, live: version.liveStartedAt !== null && version.liveEndedAt === null }));
  return {
    story: { slug: story.slug, title: story.title, language: story.language, is_published: story.isPublished },
    live: stream.live,
    may_manage: mayEditArticle(writer.role, writer.id, story),
    updates,
    has_more: stream.has_more,
    editions,
  };
}

/** A story whose coverage runs, as the dashboard lists it: the way to its desk. */
export interface LiveNowStory {
  slug: string;
  title: string;
  language: Language;
  started_at: string;
}

/**
 * The stories live now that the member may post to (authors, editors, admins; anyone else gets
 * none), the latest started first: an author reaches the desk's story on an election night from
 * here, since the articles list shows them their own stories only.
 */
export async function liveNowFor(db: Executor, actor: Actor): Promise<LiveNowStory[]> {
  if (!can(actor, "publish")) return [];
  const rows = await db
    .select({ slug: articles.slug, title: articles.title, language: articles.language, isPublished: articles.isPublished, authorId: articles.authorId, startedAt: articles.liveStartedAt })
    .from(articles)
    .where(and(isNotNull(articles.liveStartedAt), isNull(articles.liveEndedAt)))
    .orderBy(desc(articles.liveStartedAt))
    .limit(LIVE_NOW_LISTED * 2);
  return rows
    .filter((row) => row.isPublished || seesUnpublished(actor, row))
    .slice(0, LIVE_NOW_LISTED)
    .map((row) => ({ slug: row.slug, title: row.title, language: row.language, started_at: row.startedAt!.toISOString() }));
}
