/**
 * "Most read" (issue 15), counted without watching anyone: a page sends a beacon when a story is
 * read; the count goes into a per-article, per-hour total and nothing else is kept, in the database
 * or anywhere (no cookie, address, device or referrer). Bots are not counted, nor the same address
 * reading the same story again within half an hour (remembered in memory only, as a hash under a
 * secret that never leaves this process).
 *
 * Reads are added up in memory and written every `mostReadRefreshMs`, one statement for all of them,
 * so a spike of readers costs no write per read; several instances add to the same rows. A ranking
 * is reused for as long, so the pages that show it are rendered once per period, not per read.
 */
import { createHash, randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { ArticleSummary, MostReadStat } from "~/lib/api-types";
import type { Language } from "~/lib/limits";
import type { Database, Executor } from "../db/connection";
import { articleReads, articles, inEditionSql } from "../db/schema";
import { publishedSummariesByIds } from "./articles";
import { type Actor, requireAbility } from "./actor";
import { logError } from "~/server/platform/log";
import { publicContentUnchanged } from "../cache/public-changes";

const HOUR_MS = 3_600_000;
/** One address reading one story counts once in this long. */
const REREAD_MS = 30 * 60_000;
/** Distinct stories waiting to be written; past it new ones wait for the next write. */
const PENDING_MAX = 50_000;
/** Remembered address-and-story pairs; past it the oldest are forgotten. */
const SEEN_MAX = 200_000;

const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

export class ReadCounter {
  private pending = new Map<string, number>();
  /** Hash of (address, story) → when it was last counted. */
  private readonly seen = new Map<string, number>();
  private readonly secret = randomBytes(32);

  /** Counts one read of `articleId` unless it comes from a bot or repeats a recent one; true when counted. */
  count(articleId: number, address: string, userAgent: string | null, now = new Date()): boolean {
    publicContentUnchanged();
    if (!userAgent || isbot(userAgent)) return false;
    const reader = createHash("sha256").update(this.secret).update(`${address}\u0000${articleId}`).digest("base64url");
    const last = this.seen.get(reader);
    if (last !== undefined && now.getTime() - last < REREAD_MS) return false;
    this.seen.delete(reader);
    this.seen.set(reader, now.getTime());
    if (this.seen.size > SEEN_MAX) this.seen.delete(this.seen.keys().next().value as string);
    const key = `${articleId}|${hourOf(now).toISOString()}`;
    if (!this.pending.has(key) && this.pending.size >= PENDING_MAX) return false;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    return true;
  }

  /** Adds what was counted to the hourly totals: published stories only (a beacon may name anything). */
  async flush(db: Executor, now = new Date()): Promise<void> {
    // Oldest first: forget the pairs past the half hour, up to the first that is not.
    for (const [reader, at] of this.seen) {
      if (now.getTime() - at < REREAD_MS) break;
      this.seen.delete(reader);
    }
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const rows = [...batch].map(([key, reads]) => {
      const [id, hour] = key.split("|");
      return { id: Number(id), hour: hour!, reads };
    });
    try {
      await db.execute(sql`
        insert into ${articleReads} (article_id, hour, reads)
        select counted.id, counted.hour, counted.reads
        from json_to_recordset(${JSON.stringify(rows)}::json) as counted(id int, hour timestamptz, reads int)
        join ${articles} on ${articles.id} = counted.id and ${articles.isPublished}
        on conflict (article_id, hour) do update set reads = ${articleReads.reads} + excluded.reads`);
    } catch (error) {
      // Kept for the next write rather than lost with a passing database error.
      for (const [key, reads] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + reads);
      throw error;
    }
  }
}

/** Writes the counter every `periodMs` and once more when stopped; returns the stop. */
export function startReadCounter(counter: ReadCounter, db: () => Promise<Database>, periodMs: number): () => Promise<void> {
  const write = async () => {
    try {
      await counter.flush(await db());
    } catch (error) {
      logError("Writing read counts failed", error);
    }
  };
  const timer = setInterval(() => void write(), periodMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await write();
  };
}

export interface MostReadEntry {
  article: ArticleSummary;
  reads: number;
}

/**
 * The stories read most in the last `hours`, busiest first: those an edition lists, or (without
 * one) every published story. Names in `names`, the edition's language by default.
 */
export async function mostRead(db: Executor, options: { hours: number; edition?: Language; names?: Language; limit: number; now?: Date }): Promise<MostReadEntry[]> {
  const since = hourOf(new Date((options.now ?? new Date()).getTime() - options.hours * HOUR_MS));
  const total = sql<number>`sum(${articleReads.reads})::int`;
  const ranked = await db
    .select({ id: articleReads.articleId, reads: total })
    .from(articleReads)
    .innerJoin(articles, eq(articles.id, articleReads.articleId))
    .where(and(gte(articleReads.hour, since), eq(articles.isPublished, true), options.edition ? inEditionSql(articles, options.edition) : undefined))
    .groupBy(articleReads.articleId)
    .orderBy(desc(total), desc(articleReads.articleId))
    .limit(options.limit);
  const summaries = new Map((await publishedSummariesByIds(db, ranked.map((row) => row.id), options.names ?? options.edition ?? "en")).map((a) => [a.id, a]));
  return ranked.flatMap((row) => {
    const article = summaries.get(row.id);
    return article ? [{ article, reads: row.reads }] : [];
  });
}

/**
 * The reader's "Most read" (last 24 hours), the same for everyone: worked out once per period per
 * edition and shared by every page rendered in it.
 */
export class MostReadRanking {
  private readonly kept = new Map<Language, { at: number; entries: Promise<MostReadEntry[]> }>();

  constructor(private readonly periodMs: number) {}

  get(db: Executor, edition: Language, limit: number): Promise<MostReadEntry[]> {
    const now = Date.now();
    const current = this.kept.get(edition);
    if (current && now - current.at < this.periodMs) return current.entries;
    const entries = mostRead(db, { hours: 24, edition, limit });
    this.kept.set(edition, { at: now, entries });
    entries.catch(() => this.kept.delete(edition));
    return entries;
  }
}

/** The dashboard's most-read lists (every story, in the newsroom member's language): the last day and the last week. */
export async function dashboardMostRead(db: Executor, actor: Actor | null, names: Language, limit: number): Promise<{ day: MostReadStat[]; week: MostReadStat[] }> {
  requireAbility(actor, "backOffice");
  const stat = ({ article, reads }: MostReadEntry): MostReadStat => ({ id: article.id, slug: article.slug, title: article.title, language: article.language, reads });
  const [day, week] = await Promise.all([mostRead(db, { hours: 24, names, limit }), mostRead(db, { hours: 24 * 7, names, limit })]);
  return { day: day.map(stat), week: week.map(stat) };
}
