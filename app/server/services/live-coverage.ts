/**
 * A story's live coverage (issue 39): it starts, it may end and be reopened, and it has key points
 * pinned above its updates. Whoever may edit the story manages its coverage (app/lib/roles.ts);
 * who posts updates is live-updates.ts's rule. Every change to the coverage, and to any of its
 * updates, takes a number of live_changes_seq while it holds the story's row, so that a client
 * resuming after the last number it saw misses nothing (docs/decisions.md, "Live coverage: one
 * number for every change").
 */
import { eq, sql } from "drizzle-orm";
import type { LiveCoverage } from "~/lib/api-types";
import type { AuditAction } from "~/lib/limits";
import type { LiveCoverageInput } from "~/lib/schemas";
import type { Database, Executor } from "../db/connection";
import { articles } from "../db/schema";
import { publicContentChanged, publicContentUnchanged } from "../cache/public-changes";
import { AppError } from "../errors";
import { type Actor, requireAbility, requireArticleEditor } from "./actor";
import { lockArticle, readArticle } from "./article-access";
import { recordAudit } from "./audit";
import { sanitizeArticleHtml } from "./html";
import { liveCoverage } from "./live-json";
import { liveChangeCommitted, liveSignalSql } from "./live-signals";

/**
 * The story's next change number, recorded as its latest. Call it only while holding the story's
 * row (lockArticle): the lock is what makes one story's numbers follow the order its writes commit.
 * The same statement tells every instance of it once the write commits (live-signals.ts); the
 * writer says it in-process too, after the commit, with `liveChangeCommitted`.
 */
export async function nextLiveChange(tx: Executor, articleId: number): Promise<number> {
  const [row] = await tx
    .update(articles)
    .set({ liveChangeId: sql`nextval('live_changes_seq')` })
    .where(eq(articles.id, articleId))
    .returning({ changeId: articles.liveChangeId, signalled: liveSignalSql(articles.id, articles.liveChangeId) });
  if (!row) throw new Error("the locked article is gone");
  return row.changeId;
}

const coverageColumns = ["id", "title", "isPublished", "authorId", "liveStartedAt", "liveEndedAt", "liveKeyPoints"] as const;

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** What the audit trail calls a change: coverage begun or taken up again, ended, or otherwise changed. */
function coverageAction(before: { liveStartedAt: Date | null; liveEndedAt: Date | null }, endedAt: Date | null): AuditAction {
  const wasRunning = before.liveStartedAt !== null && before.liveEndedAt === null;
  if (endedAt !== null && (wasRunning || before.liveStartedAt === null)) return "live.end";
  if (endedAt === null && !wasRunning) return "live.start";
  return "live.edit";
}

/**
 * Refuses at once someone who may not manage the story's coverage, before what they sent is read:
 * they are told so, not what is wrong with a form they may never send. setLiveCoverage decides
 * again under the story's lock.
 */
export async function requireCoverageEditor(db: Executor, actor: Actor | null, slug: string): Promise<Actor> {
  requireAbility(actor, "backOffice");
  return requireArticleEditor(actor, await readArticle(db, slug, ["isPublished", "authorId"]));
}

/**
 * PUT /api/news/{slug}/live: the story's coverage as asked. A story never live starts (at
 * `started_at`, else now); `ended_at` ends it, `null` reopens it; `key_points` replaces them
 * (sanitised, "" for none). Neither time may be in the future, nor the end before the start.
 */
export async function setLiveCoverage(db: Database, actor: Actor | null, slug: string, input: LiveCoverageInput): Promise<LiveCoverage> {
  requireAbility(actor, "backOffice");
  const { coverage, published, change } = await db.transaction(async (tx) => {
    const article = await lockArticle(tx, slug, coverageColumns);
    const staff = requireArticleEditor(actor, article);
    const now = new Date();
    const at = (time: Date | "now") => (time === "now" ? now : time);
    if (article.liveStartedAt === null && input.started_at === undefined && input.ended_at) throw new AppError(409, "liveNotStarted");
    const startedAt = input.started_at === undefined ? (article.liveStartedAt ?? now) : at(input.started_at);
    const endedAt = input.ended_at === undefined ? article.liveEndedAt : input.ended_at === null ? null : at(input.ended_at);
    if (startedAt > now || (endedAt !== null && endedAt > now)) throw new AppError(400, "liveTimeInFuture");
    if (endedAt !== null && endedAt < startedAt) throw new AppError(400, "liveEndsBeforeStart");
    const keyPoints = input.key_points === undefined ? article.liveKeyPoints : sanitizeArticleHtml(input.key_points.normalize("NFC"));
    const after = { liveStartedAt: startedAt, liveEndedAt: endedAt, liveKeyPoints: keyPoints };
    const unchanged = sameTime(article.liveStartedAt, startedAt) && sameTime(article.liveEndedAt, endedAt) && article.liveKeyPoints === keyPoints;
    if (unchanged) return { coverage: liveCoverage(after)!, published: null, change: null };

    await tx.update(articles).set(after).where(eq(articles.id, article.id));
    const changeId = await nextLiveChange(tx, article.id);
    const summary = [
      `started ${startedAt.toISOString()}`,
      endedAt ? `ended ${endedAt.toISOString()}` : "running",
      ...(article.liveKeyPoints === keyPoints ? [] : ["key points changed"]),
    ].join(", ");
    await recordAudit(tx, staff, coverageAction(article, endedAt), { id: article.id, label: article.title }, summary);
    return { coverage: liveCoverage(after)!, published: article.isPublished, change: { articleId: article.id, changeId } };
  });
  if (change) liveChangeCommitted(change.articleId, change.changeId);
  // Whether a story is live shows wherever it is listed (a badge on its card), not only on its page.
  if (published) publicContentChanged();
  else publicContentUnchanged();
  return coverage;
}
