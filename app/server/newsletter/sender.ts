/**
 * The loop that sends newsletters (issue 40), on whichever instance holds the sending lease: it
 * starts issues whose time has come, claims their waiting messages a batch at a time, renders each
 * reader's message and hands the batch to the sending thread (send-thread.ts) a slice per post. The
 * thread runs the per-message loop: it paces them (MAIL_RATE_PER_SECOND, slower while the site's
 * readers keep the request thread busy, readers-first.ts), builds them, holds MAIL_CONNECTIONS
 * connections to the relay and commits each on its own database connection. This thread records
 * what the slices' answers say, and claims the next batch once the last is answered. The queue's
 * rules (send-queue.ts, mark-sent.ts) make each message go once; this file only runs them.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import os from "node:os";
import type { Database } from "../db/connection";
import type { ThreadDatabaseLink } from "../db/thread-database";
import { newsletterIssues } from "../db/schema";
import { fromAddress } from "../mail/transport";
import { logError } from "../platform/log";
import { type IssueContent, issueMail } from "./issue-mail";
import { issueContent, issueLinks } from "./issue-content";
import {
  type ClaimCursor,
  type Delivery,
  deliveryMessageId,
  dropSuppressed,
  dueDeliveries,
  finishIssues,
  noteUnconfirmed,
  recordRefusal,
  releaseLease,
  settleLost,
  startDueIssues,
  takeLease,
} from "./send-queue";
import { readersFirst } from "./readers-first";
import { type SendThreadOptions, type SliceResult, sendThreadSettings, startSendThread } from "./send-thread";
import type { SliceItem } from "./send-worker";
import { subscriberTokens } from "./subscriber-links";

export interface NewsletterSenderOptions {
  /** The embedded database: no other process can open it, so its lease is this process's at once. */
  exclusive: boolean;
  /** A new connection to the database for the sending thread, which commits each message itself (DatabaseHandle.threadLink). */
  database: () => ThreadDatabaseLink;
  ratePerSecond?: number;
  connections?: number;
  /** How long the lease lasts unrenewed; a stopped instance's is taken over after it. */
  leaseMs?: number;
  /** How often to look for due issues and retries when nothing is sending. */
  idleMs?: number;
  /** Told when issues finished sending. */
  onFinished?: (issueIds: number[]) => void;
  /** The sending thread's, for tests that stand in a thread of their own. */
  thread?: SendThreadOptions;
}

export interface NewsletterSender {
  /** Looks for work now (an issue was just sent or scheduled). */
  wake(): void;
  /** Stops after the messages under way; a message not yet complete is left waiting. */
  stop(): Promise<void>;
}

/** Rows read at a time: each read walks the waiting rows, so a large send reads few, large batches. */
const BATCH = 500;

/**
 * Messages per post to the sending thread: a post (and its answer) per message was a third of the
 * request thread's share of a send; a slice renders in about 2 ms, so a reader's request waits at
 * most that long behind it.
 */
const SLICE = 50;

export function startNewsletterSender(db: Database, options: NewsletterSenderOptions): NewsletterSender {
  const holder = `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const leaseMs = options.leaseMs ?? 20_000;
  const idleMs = options.idleMs ?? 5_000;
  const readersGoFirst = readersFirst();
  const domain = fromAddress().split("@")[1] ?? "localhost";
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  const thread = startSendThread(
    () => sendThreadSettings(options.database(), { connections: options.connections, ratePerSecond: options.ratePerSecond }),
    options.thread,
  );
  const contents = new Map<number, Promise<IssueContent>>();

  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wakeUp = undefined;
        resolve();
      }, ms);
      wakeUp = () => {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      };
    });

  /** An issue's stories are read once per send, not once per reader. */
  const contentOf = (issueId: number) => {
    let content = contents.get(issueId);
    if (!content) {
      content = db
        .select()
        .from(newsletterIssues)
        .where(eq(newsletterIssues.id, issueId))
        .then(([issue]) => {
          if (!issue) throw new Error(`issue ${issueId} is gone`);
          return issueContent(db, issue);
        });
      contents.set(issueId, content);
    }
    return content;
  };

  let tokenOf: Promise<(subscriberId: number) => string> | undefined;
  /** Where the last batch's claim ended. */
  let cursor: ClaimCursor | undefined;

  /** Each reader's message, rendered here: it needs the issue's stories and the reader's token from the database. */
  const render = async (delivery: Delivery): Promise<SliceItem> => {
    const content = await contentOf(delivery.issueId);
    tokenOf ??= subscriberTokens(db);
    const links = issueLinks(content.edition, (await tokenOf)(delivery.subscriberId));
    const mail = issueMail(content, delivery.email, links, { messageId: deliveryMessageId(delivery.issueId, delivery.subscriberId, domain) });
    return { delivery: { issueId: delivery.issueId, subscriberId: delivery.subscriberId }, mail };
  };

  /** What a slice's answer asks to be written: refusals and unconfirmed hand-overs, or how far a lost slice's messages came. */
  const record = async (deliveries: Delivery[], result: SliceResult) => {
    if (result.kind === "lost") return settleLost(db, deliveries, result.why, new Date());
    for (const { index, handOff } of result.outcomes) {
      const delivery = deliveries[index]!;
      if (handOff.kind === "failed") await recordRefusal(db, delivery, handOff.failure, new Date());
      else if (handOff.kind === "accepted" && !handOff.confirmed) await noteUnconfirmed(db, delivery);
    }
  };

  /** One batch of due messages over the connections; false when there was none. */
  const sendBatch = async (): Promise<boolean> => {
    await startDueIssues(db, new Date(), readersGoFirst);
    await dropSuppressed(db);
    let batch = await dueDeliveries(db, new Date(), BATCH, cursor);
    if (batch.length === 0 && cursor) {
      // The end of the queue: once more from its start, for retries that came due behind the cursor.
      cursor = undefined;
      batch = await dueDeliveries(db, new Date(), BATCH);
    }
    cursor = batch.at(-1);
    if (batch.length === 0) {
      const finished = await finishIssues(db, new Date());
      for (const id of finished) contents.delete(id);
      if (finished.length > 0) options.onFinished?.(finished);
      await thread.release();
      return false;
    }
    const slices: Promise<void>[] = [];
    for (let start = 0; start < batch.length && !stopped; start += SLICE) {
      const deliveries = batch.slice(start, start + SLICE);
      const items = await Promise.all(deliveries.map(render));
      slices.push(
        thread
          .send(holder, items)
          .then((result) => record(deliveries, result))
          .catch((error: unknown) => logError("Recording newsletter messages' outcomes failed", error)),
      );
      await readersGoFirst();
    }
    await Promise.all(slices);
    return true;
  };

  const run = async () => {
    while (!stopped) {
      try {
        if (!(await takeLease(db, holder, leaseMs, options.exclusive))) {
          await rest(idleMs);
          continue;
        }
        const renewal = setInterval(() => {
          takeLease(db, holder, leaseMs, options.exclusive).catch((error: unknown) => logError("Renewing the newsletter lease failed", error));
        }, leaseMs / 4);
        try {
          while (!stopped && (await sendBatch()));
        } finally {
          clearInterval(renewal);
        }
        if (!stopped) await rest(idleMs);
      } catch (error) {
        logError("The newsletter sender failed; trying again shortly", error);
        if (!stopped) await rest(idleMs);
      }
    }
  };

  const running = run();
  return {
    wake: () => wakeUp?.(),
    async stop() {
      stopped = true;
      thread.stop();
      wakeUp?.();
      await running;
      await thread.release();
      await releaseLease(db, holder).catch((error: unknown) => logError("Releasing the newsletter lease failed", error));
    },
  };
}
