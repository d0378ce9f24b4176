/**
 * The newsletter send queue in the database (issue 40): one row per issue and recipient
 * (newsletter_deliveries), written in short transactions of a few hundred rows before an issue
 * turns sending (startDueIssues), so a restart finds exactly what is left. The rules of each row's life are here; the loop that runs them is
 * sender.ts.
 *
 * Each recipient once: a row turns `sent` (markSent) after the relay has read the whole message
 * and before it is told the message is complete (mail/relay-session.ts). That update is the one
 * commit point: it succeeds only for a row still waiting and only while this instance holds the
 * sending lease, so neither a restart nor a second instance that took over can send the row again.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, exists, inArray, lte, notExists, sql } from "drizzle-orm";
import type { Database, Executor } from "../db/connection";
import { mailSenderLease, mailSuppressions, newsletterDeliveries, newsletterIssues } from "../db/schema";
import type { PermanentMailFailure, TemporaryMailFailure } from "../mail/transport";
import { yieldToRequests } from "../platform/yield-to-requests";
import { recipientsPage } from "./recipients";
import { suppress } from "./suppressions";

/** The lease's row: one sender of newsletters per site. */
export const SENDER_LEASE = "newsletter";
/** Tries of one message before it counts as failed, spaced by RETRY_BASE_MS doubled each time (about 17 hours in all). */
export const MAX_ATTEMPTS = 10;
const RETRY_BASE_MS = 60_000;

export interface Delivery {
  issueId: number;
  subscriberId: number;
  email: string;
  attempts: number;
}

/** How long to wait before try number `attempts + 1`: a minute, then twice as long each time. */
export const retryDelayMs = (attempts: number) => RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1);

/**
 * The same Message-ID every time a message of this issue goes to this reader, so a receiver that
 * keeps one copy per Message-ID recognises a repeat. Hashed: it names neither the reader nor how
 * many readers there are.
 */
export function deliveryMessageId(issueId: number, subscriberId: number, domain: string): string {
  const digest = createHash("sha256").update(`newsletter:${issueId}:${subscriberId}`).digest("base64url").slice(0, 22);
  return `<issue-${issueId}.${digest}@${domain}>`;
}

/**
 * Takes the sending lease for `holder` until `leaseMs` from now (the database's clock), or renews
 * it; `force` takes it whoever held it, for the embedded database, which no other process can open.
 * Whether `holder` holds it now.
 */
export async function takeLease(db: Executor, holder: string, leaseMs: number, force: boolean): Promise<boolean> {
  const until = sql`now() + make_interval(secs => ${leaseMs / 1000})`;
  const rows = await db
    .insert(mailSenderLease)
    .values({ name: SENDER_LEASE, holder, until })
    .onConflictDoUpdate({
      target: mailSenderLease.name,
      set: { holder, until },
      where: force ? undefined : sql`${mailSenderLease.holder} = ${holder} or ${mailSenderLease.until} < now()`,
    })
    .returning({ holder: mailSenderLease.holder });
  return rows[0]?.holder === holder;
}

export async function releaseLease(db: Executor, holder: string): Promise<void> {
  await db.delete(mailSenderLease).where(and(eq(mailSenderLease.name, SENDER_LEASE), eq(mailSenderLease.holder, holder)));
}

const holdsLease = (db: Executor, holder: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(mailSenderLease)
      .where(and(eq(mailSenderLease.name, SENDER_LEASE), eq(mailSenderLease.holder, holder), sql`${mailSenderLease.until} > now()`)),
  );

/**
 * Rows queued per transaction. The embedded database has one session, which a transaction holds
 * for every other query until it ends: a page's read waits behind at most one such chunk, not
 * behind the whole list (docs/decisions.md, "Reads during a newsletter send").
 */
export const ENQUEUE_CHUNK = 250;

/** Locks the issue if it is still scheduled and due at `now`: an editor may re-time it while its readers are being queued. */
async function lockDueIssue(tx: Executor, id: number, now: Date) {
  const [issue] = await tx
    .select({ id: newsletterIssues.id, edition: newsletterIssues.edition })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, "scheduled"), lte(newsletterIssues.sendAt, now)))
    .for("update");
  return issue;
}

/**
 * Queues the next ENQUEUE_CHUNK recipients of a due issue, after the last one queued, so a restart
 * carries on where it stopped; under the issue's lock no other start queues meanwhile, and the
 * primary key would refuse a row queued twice. Whether more may follow.
 */
async function enqueueChunk(db: Database, issueId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const issue = await lockDueIssue(tx, issueId, now);
    if (!issue) return false;
    const [last] = await tx
      .select({ after: sql<number | null>`max(${newsletterDeliveries.subscriberId})` })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, issueId));
    // Copied inside the database: the request thread neither reads the page nor sends it back as a thousand parameters.
    const page = recipientsPage(tx, issue.edition, last?.after ?? 0, ENQUEUE_CHUNK).as("page");
    const queued = await tx.execute(
      sql`insert into ${newsletterDeliveries} (${sql.join(
        [newsletterDeliveries.issueId, newsletterDeliveries.subscriberId, newsletterDeliveries.email, newsletterDeliveries.nextAttemptAt].map((column) =>
          sql.identifier(column.name),
        ),
        sql`, `,
      )})
        select ${issueId}::integer, ${page.subscriberId}, ${page.email}, ${now}::timestamptz from ${page}`,
    );
    // The pg driver's result: how many rows the statement wrote, the page's size (no row above the largest queued can exist yet).
    return (queued as unknown as { rowCount: number | null }).rowCount === ENQUEUE_CHUNK;
  });
}

/**
 * Starts the issues due at `now`: queues every recipient of the edition's list as it stands (who
 * left or was suppressed since the issue was composed gets nothing), a chunk per transaction, then
 * marks it sending. Until then no row of it is sent, so an issue stopped halfway through queuing
 * is still scheduled and due, and the next start finishes queuing it. Returns their ids.
 */
export async function startDueIssues(db: Database, now: Date, betweenChunks: () => Promise<void> = yieldToRequests): Promise<number[]> {
  const due = await db
    .select({ id: newsletterIssues.id })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.status, "scheduled"), lte(newsletterIssues.sendAt, now)));
  const started: number[] = [];
  for (const { id } of due) {
    while (await enqueueChunk(db, id, now)) await betweenChunks();
    const marked = await db.transaction(async (tx) => {
      if (!(await lockDueIssue(tx, id, now))) return false;
      await tx.update(newsletterIssues).set({ status: "sending", startedAt: now }).where(eq(newsletterIssues.id, id));
      return true;
    });
    if (marked) started.push(id);
  }
  return started;
}

/**
 * An issue re-timed before it started sending is queued afresh when its time comes, from its list
 * as it stands then: rows queued before the change go.
 */
export async function forgetQueued(db: Executor, issueId: number): Promise<void> {
  await db.delete(newsletterDeliveries).where(and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.status, "waiting")));
}

/** Waiting rows whose address was suppressed after they were queued (a bounce meanwhile) fail without a try. */
export async function dropSuppressed(db: Executor): Promise<void> {
  await db
    .update(newsletterDeliveries)
    .set({ status: "failed", detail: "suppressed" })
    .where(
      and(
        eq(newsletterDeliveries.status, "waiting"),
        exists(
          db
            .select({ one: sql`1` })
            .from(mailSuppressions)
            .where(sql`lower(${mailSuppressions.email}) = lower(${newsletterDeliveries.email})`),
        ),
      ),
    );
}

/** Where a claim left off: the last row it read, in the claim's order. */
export type ClaimCursor = Pick<Delivery, "issueId" | "subscriberId">;

/**
 * The next rows due at `now`, the oldest issue first, each issue's in subscriber order; after
 * `after` when given. The claim's index (status, issue, subscriber) yields them in that order, so a
 * batch reads its own rows from where the last one ended, not every waiting row sorted (nor, on
 * PostgreSQL, the index entries of rows sent since). Rows passed by (a retry coming due) are found
 * once the caller starts again from the beginning.
 */
export async function dueDeliveries(db: Executor, now: Date, limit: number, after?: ClaimCursor): Promise<Delivery[]> {
  return db
    .select({
      issueId: newsletterDeliveries.issueId,
      subscriberId: newsletterDeliveries.subscriberId,
      email: newsletterDeliveries.email,
      attempts: newsletterDeliveries.attempts,
    })
    .from(newsletterDeliveries)
    .innerJoin(newsletterIssues, eq(newsletterIssues.id, newsletterDeliveries.issueId))
    .where(
      and(
        eq(newsletterIssues.status, "sending"),
        eq(newsletterDeliveries.status, "waiting"),
        lte(newsletterDeliveries.nextAttemptAt, now),
        after ? sql`(${newsletterDeliveries.issueId}, ${newsletterDeliveries.subscriberId}) > (${after.issueId}, ${after.subscriberId})` : undefined,
      ),
    )
    .orderBy(asc(newsletterDeliveries.status), asc(newsletterDeliveries.issueId), asc(newsletterDeliveries.subscriberId))
    .limit(limit);
}

const rowOf = (delivery: Delivery) => and(eq(newsletterDeliveries.issueId, delivery.issueId), eq(newsletterDeliveries.subscriberId, delivery.subscriberId));

/**
 * The commit point of one message: the row turns sent if it still waits and `holder` still holds
 * the lease. False: the message must not be completed.
 */
export async function markSent(db: Executor, delivery: Delivery, holder: string): Promise<boolean> {
  const rows = await db
    .update(newsletterDeliveries)
    .set({ status: "sent", sentAt: sql`now()`, attempts: sql`${newsletterDeliveries.attempts} + 1`, detail: "" })
    .where(and(rowOf(delivery), eq(newsletterDeliveries.status, "waiting"), holdsLease(db, holder)))
    .returning({ issueId: newsletterDeliveries.issueId });
  return rows.length === 1;
}

/** The relay took it but its answer was lost: kept as sent, with a word for the editor. */
export async function noteUnconfirmed(db: Executor, delivery: Delivery): Promise<void> {
  await db.update(newsletterDeliveries).set({ detail: "handed over; the relay's answer was lost" }).where(rowOf(delivery));
}

/**
 * The relay refused the message. For good (a 5xx): the row fails and the address is suppressed,
 * in one transaction. For now: another try after a back-off, or failed once out of tries.
 * A refusal of the finished message may come after the row was marked sent: it is undone here.
 */
export async function recordRefusal(
  db: Database,
  delivery: Delivery,
  failure: PermanentMailFailure | TemporaryMailFailure,
  now: Date,
): Promise<void> {
  const detail = failure.message.slice(0, 1000);
  const attempts = delivery.attempts + 1;
  if (failure.name === "PermanentMailFailure") {
    await db.transaction(async (tx) => {
      await tx.update(newsletterDeliveries).set({ status: "failed", attempts, detail, sentAt: null }).where(rowOf(delivery));
      await suppress(tx, delivery.email, "refused", detail);
    });
    return;
  }
  const outOfTries = attempts >= MAX_ATTEMPTS;
  await db
    .update(newsletterDeliveries)
    .set({
      status: outOfTries ? "failed" : "waiting",
      attempts,
      detail,
      sentAt: null,
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
    })
    .where(rowOf(delivery));
}

/** Issues with nothing left waiting are sent; returns their ids. */
export async function finishIssues(db: Executor, now: Date): Promise<number[]> {
  const rows = await db
    .update(newsletterIssues)
    .set({ status: "sent", finishedAt: now })
    .where(
      and(
        eq(newsletterIssues.status, "sending"),
        notExists(
          db
            .select({ one: sql`1` })
            .from(newsletterDeliveries)
            .where(and(eq(newsletterDeliveries.issueId, newsletterIssues.id), eq(newsletterDeliveries.status, "waiting"))),
        ),
      ),
    )
    .returning({ id: newsletterIssues.id });
  return rows.map((row) => row.id);
}

export interface DeliveryCounts {
  sent: number;
  failed: number;
  waiting: number;
}

/** How far each issue's send has come. */
export async function deliveryCounts(db: Executor, issueIds: number[]): Promise<Map<number, DeliveryCounts>> {
  const counts = new Map<number, DeliveryCounts>(issueIds.map((id) => [id, { sent: 0, failed: 0, waiting: 0 }]));
  if (issueIds.length === 0) return counts;
  const rows = await db
    .select({ issueId: newsletterDeliveries.issueId, status: newsletterDeliveries.status, n: sql<number>`count(*)::int` })
    .from(newsletterDeliveries)
    .where(inArray(newsletterDeliveries.issueId, issueIds))
    .groupBy(newsletterDeliveries.issueId, newsletterDeliveries.status);
  for (const row of rows) {
    const entry = counts.get(row.issueId);
    if (entry) entry[row.status] = row.n;
  }
  return counts;
}
