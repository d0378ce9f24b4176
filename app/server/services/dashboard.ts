/**
 * The dashboard's charts (issue 15): stories published per day over the last 30 days, by language,
 * counted by Nepal's calendar day. The most-read lists are in most-read.ts.
 */
import { and, eq, gte, lte, sql } from "drizzle-orm";
import type { PublishedDay } from "~/lib/api-types";
import type { Executor } from "../db/connection";
import { articles } from "../db/schema";
import { type Actor, requireAbility } from "./actor";

export const CHART_DAYS = 30;
/** Nepal time is UTC+5:45 all year. */
const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;
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
  const day = sql<string>`to_char((${articles.publishedAt} at time zone 'UTC') + interval '5 hours 45 minutes', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, language: articles.language, n: sql<number>`count(*)`.mapWith(Number) })
    .from(articles)
    .where(and(eq(articles.isPublished, true), gte(articles.publishedAt, first), lte(articles.publishedAt, now)))
    .groupBy(day, articles.language);
  const days: PublishedDay[] = names.map((name) => ({ day: name, counts: { en: 0, ne: 0 } }));
  const byDay = new Map(days.map((entry) => [entry.day, entry]));
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (entry) entry.counts[row.language] += row.n;
  }
  return days;
}
