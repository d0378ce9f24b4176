/**
 * Newsletter issues in the back office (issue 40): editors and admins compose an edition's issue,
 * preview it, mail themselves a test, and send it now or at a time; the send queue does the rest.
 */
import { and, count, desc, eq, gt, inArray, isNotNull } from "drizzle-orm";
import type { Language } from "~/lib/limits";
import { ISSUE_STORIES_MAX } from "~/lib/limits";
import { newsletterIssueSchema, newsletterSendSchema } from "~/lib/schemas";
import type { Database, Executor } from "../db/connection";
import { articles, inEditionSql, type IssueStatus, newsletterIssues } from "../db/schema";
import { AppError } from "../errors";
import { sendMail } from "../mail/transport";
import { type Actor, requireAbility } from "../services/actor";
import { recordAudit } from "../services/audit";
import { issueMail } from "./issue-mail";
import { issueContent, issueLinks, publishedInEdition } from "./issue-content";
import { deliveryCounts, forgetQueued } from "./send-queue";

/** A send asked for a moment ago is "now", not "in the past": clocks and typing take a little time. */
const PAST_GRACE_MS = 60_000;
/** How many of an edition's newest stories the composer offers. */
const RECENT_STORIES = 60;
/** Token of the links in a preview or a test: it names no reader, so those links lead nowhere. */
const PREVIEW_TOKEN = "preview";

export interface IssueView {
  id: number;
  edition: Language;
  subject: string;
  intro: string;
  article_ids: number[];
  status: IssueStatus;
  send_at: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  sent: number;
  failed: number;
  waiting: number;
}

type IssueRow = typeof newsletterIssues.$inferSelect;

function viewOf(row: IssueRow, counts = { sent: 0, failed: 0, waiting: 0 }): IssueView {
  return {
    id: row.id,
    edition: row.edition,
    subject: row.subject,
    intro: row.intro,
    article_ids: row.articleIds,
    status: row.status,
    send_at: row.sendAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    ...counts,
  };
}

const editor = (actor: Actor | null) => requireAbility(actor, "sendNewsletters");

async function issueRow(db: Executor, id: number): Promise<IssueRow> {
  const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  if (!row) throw new AppError(404, "issueNotFound");
  return row;
}

async function withCounts(db: Executor, row: IssueRow): Promise<IssueView> {
  return viewOf(row, (await deliveryCounts(db, [row.id])).get(row.id));
}

export async function createIssue(db: Database, actor: Actor | null, body: unknown): Promise<IssueView> {
  const staff = editor(actor);
  const input = newsletterIssueSchema.parse(body);
  const stories = await publishedInEdition(db, input.edition, input.article_ids);
  if (stories.length !== input.article_ids.length) throw new AppError(400, "issueStoryNotInEdition");
  const [row] = await db
    .insert(newsletterIssues)
    .values({ edition: input.edition, subject: input.subject, intro: input.intro, articleIds: input.article_ids, createdBy: staff.id })
    .returning();
  return viewOf(row!);
}

export async function getIssue(db: Executor, actor: Actor | null, id: number): Promise<IssueView> {
  editor(actor);
  return withCounts(db, await issueRow(db, id));
}

export async function listIssues(db: Executor, actor: Actor | null, page: number, limit: number): Promise<{ issues: IssueView[]; total: number }> {
  editor(actor);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(newsletterIssues)
      .orderBy(desc(newsletterIssues.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(newsletterIssues),
  ]);
  const counts = await deliveryCounts(
    db,
    rows.map((row) => row.id),
  );
  return { issues: rows.map((row) => viewOf(row, counts.get(row.id))), total: total?.n ?? 0 };
}

/**
 * Sends the issue now, or schedules it (`at`). A draft or a scheduled issue may be (re)timed; one
 * that started sending may not. Audited in the transaction that changes it.
 */
export async function sendIssue(db: Database, actor: Actor | null, id: number, body: unknown, now = new Date()): Promise<IssueView> {
  const staff = editor(actor);
  const { at } = newsletterSendSchema.parse(body);
  if (at && at.getTime() < now.getTime() - PAST_GRACE_MS) throw new AppError(400, "issueSendTimePast");
  const sendAt = at && at > now ? at : now;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterIssues)
      .set({ status: "scheduled", sendAt })
      .where(and(eq(newsletterIssues.id, id), inArray(newsletterIssues.status, ["draft", "scheduled"])))
      .returning();
    if (!row) {
      await issueRow(tx, id);
      throw new AppError(409, "issueAlreadySent");
    }
    await forgetQueued(tx, id);
    const later = sendAt > now;
    await recordAudit(tx, staff, later ? "newsletter.schedule" : "newsletter.send", { id, label: row.subject }, later ? `for ${sendAt.toISOString()}` : "");
    return viewOf(row);
  });
}

/** The issue as its readers will get it, with links that name no reader. */
export async function previewIssue(db: Executor, actor: Actor | null, id: number): Promise<{ subject: string; html: string; text: string }> {
  editor(actor);
  const row = await issueRow(db, id);
  const content = await issueContent(db, row);
  const mail = issueMail(content, "", issueLinks(row.edition, PREVIEW_TOKEN));
  return { subject: mail.subject, html: mail.html ?? "", text: mail.text };
}

/** Mails the issue, marked as a test, to the signed-in editor only. */
export async function sendTestIssue(db: Executor, actor: Actor | null, id: number): Promise<{ to: string }> {
  const staff = editor(actor);
  const row = await issueRow(db, id);
  const content = await issueContent(db, row);
  await sendMail(issueMail(content, staff.email, issueLinks(row.edition, PREVIEW_TOKEN), { test: true }));
  return { to: staff.email };
}

/**
 * "Everything published since the last issue" for an edition: its stories published after the last
 * issue of the edition started sending (the last week's, before any), newest first.
 */
export async function storiesSinceLastIssue(db: Executor, actor: Actor | null, edition: Language, now = new Date()): Promise<number[]> {
  editor(actor);
  const [last] = await db
    .select({ startedAt: newsletterIssues.startedAt })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.edition, edition), isNotNull(newsletterIssues.startedAt)))
    .orderBy(desc(newsletterIssues.startedAt))
    .limit(1);
  const since = last?.startedAt ?? new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.isPublished, true), inEditionSql(articles, edition), gt(articles.publishedAt, since)))
    .orderBy(desc(articles.publishedAt))
    .limit(ISSUE_STORIES_MAX);
  return rows.map((row) => row.id);
}

/** The edition's newest published stories, for the composer to pick from. */
export async function recentStories(db: Executor, actor: Actor | null, edition: Language): Promise<{ id: number; title: string; published_at: string }[]> {
  editor(actor);
  const rows = await db
    .select({ id: articles.id, title: articles.title, publishedAt: articles.publishedAt })
    .from(articles)
    .where(and(eq(articles.isPublished, true), inEditionSql(articles, edition)))
    .orderBy(desc(articles.publishedAt))
    .limit(RECENT_STORIES);
  return rows.map((row) => ({ id: row.id, title: row.title, published_at: row.publishedAt.toISOString() }));
}
