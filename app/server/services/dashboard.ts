/**
 * The dashboard's charts (issue 15): stories published per day over the last 30 days, by language,
 * counted by Nepal's calendar day, and how long the queues have been waiting. The most-read lists
 * are in most-read.ts.
 */
import { and, eq, gte, isNotNull, lte, min, not, sql } from "drizzle-orm";
import type { PublishedDay } from "~/lib/api-types";
import { NEPAL_OFFSET_MINUTES } from "~/lib/dates";
import { LANGUAGES } from "~/lib/limits";
import type { Executor } from "../db/connection";
import { articles, comments } from "../db/schema";
import { type Actor, requireAbility } from "./actor";

export const CHART_DAYS = 30;
const NEPAL_OFFSET_MS = NEPAL_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;


const nepalDay = (at: Date) => new Date(at.getTime() + NEPAL_OFFSET_MS).toISOString().slice(0, 10);

/** Each of the last CHART_DAYS Nepal days, oldest first, with the stories published on it in each language. */
export async function publishedPerDay(db: Executor, actor: Actor | null, now = new Date()): Promise<PublishedDay[]> {
  requireAbility(actor, "backOffice");
  // Nepal's calendar days, each written as the UTC midnight of the same date.
  const todayMidnight = Date.parse(`${nepalDay(now)}T00:00:00Z`);
  const names = Array.from({ length: CHART_DAYS }, (_, i) => new Date(todayMidnight - (CHART_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  // The first day's midnight in Nepal, as an instant.
  const first = new Date(todayMidnight - (CHART_DAYS - 1) * DAY_MS - NEPAL_OFFSET_MS);
  // Written into the SQL, not bound: GROUP BY must see the same expression as the select list.
  const day = sql<string>`to_char((${articles.publishedAt} at time zone 'UTC') + interval '${sql.raw(String(NEPAL_OFFSET_MINUTES))} minutes', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, language: articles.language, n: sql<number>`count(*)`.mapWith(Number) })
    .from(articles)
    .where(and(eq(articles.isPublished, true), gte(articles.publishedAt, first), lte(articles.publishedAt, now)))
    .groupBy(day, articles.language);
  const days: PublishedDay[] = names.map((name) => ({ day: name, counts: Object.fromEntries(LANGUAGES.map((language) => [language, 0])) }));
  const byDay = new Map(days.map((entry) => [entry.day, entry]));
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (entry) entry.counts[row.language] = (entry.counts[row.language] ?? 0) + row.n;
  }
  return days;
}

/** How long each queue has waited: its oldest story in review and comment to moderate, and the next scheduled story. */
export async function queueAges(db: Executor, actor: Actor | null): Promise<{ review: string | null; comments: string | null; nextScheduled: string | null }> {
  requireAbility(actor, "backOffice");
  const [[review], [pending], [scheduled]] = await Promise.all([
    db.select({ at: min(articles.submittedAt) }).from(articles).where(and(isNotNull(articles.submittedAt), not(articles.isPublished))),
    db.select({ at: min(comments.createdAt) }).from(comments).where(eq(comments.isApproved, false)),
    db.select({ at: min(articles.scheduledAt) }).from(articles).where(isNotNull(articles.scheduledAt)),
  ]);
  const iso = (at: Date | null | undefined) => at?.toISOString() ?? null;
  return { review: iso(review?.at), comments: iso(pending?.at), nextScheduled: iso(scheduled?.at) };
}
