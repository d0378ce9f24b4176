/**
 * The loop that sends newsletters (issue 40), on whichever instance holds the sending lease: it
 * starts issues whose time has come, then hands their waiting messages to the sending thread
 * (send-thread.ts), which builds them and holds MAIL_CONNECTIONS connections to the relay, at no
 * more than MAIL_RATE_PER_SECOND, and slower while the site's readers keep the request thread busy
 * (readers-first.ts), until none waits. The queue's rules (send-queue.ts) make each message go
 * once; this file only paces and runs them.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import type { Database } from "../db/connection";
import { newsletterIssues } from "../db/schema";
import { fromAddress } from "../mail/transport";
import { config } from "../platform/config";
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
  markSent,
  noteUnconfirmed,
  recordRefusal,
  releaseLease,
  startDueIssues,
  takeLease,
} from "./send-queue";
import { readersFirst } from "./readers-first";
import { type SendThreadOptions, sendThreadSettings, startSendThread } from "./send-thread";
import { subscriberTokens } from "./subscriber-links";

export interface NewsletterSenderOptions {
  /** The embedded database: no other process can open it, so its lease is this process's at once. */
  exclusive: boolean;
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

/** Spaces hand-overs `1 / rate` seconds apart, shared by every connection. */
function pacer(ratePerSecond: number) {
  const gapMs = 1000 / ratePerSecond;
  let next = 0;
  return async () => {
    const now = performance.now();
    const at = Math.max(next, now);
    next = at + gapMs;
    if (at > now) await sleep(at - now);
  };
}

export function startNewsletterSender(db: Database, options: NewsletterSenderOptions): NewsletterSender {
  const holder = `${os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const leaseMs = options.leaseMs ?? 20_000;
  const idleMs = options.idleMs ?? 5_000;
  const connections = options.connections ?? config().mail.connections;
  const pace = pacer(options.ratePerSecond ?? config().mail.ratePerSecond);
  const readersGoFirst = readersFirst();
  const domain = fromAddress().split("@")[1] ?? "localhost";
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  const thread = startSendThread(sendThreadSettings(), options.thread);
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

  /** Connection number `connection` of the sending thread hands `delivery` over. */
  const deliver = async (connection: number, delivery: Delivery) => {
    const content = await contentOf(delivery.issueId);
    tokenOf ??= subscriberTokens(db);
    const links = issueLinks(content.edition, (await tokenOf)(delivery.subscriberId));
    const mail = issueMail(content, delivery.email, links, { messageId: deliveryMessageId(delivery.issueId, delivery.subscriberId, domain) });
    await pace();
    // The message's commit and its outcome are still the request thread's (and the database's) work: readers go first.
    await readersGoFirst();
    if (stopped) return;
    const handOff = await thread.deliver(connection, mail, () => markSent(db, delivery, holder));
    if (handOff.kind === "failed") await recordRefusal(db, delivery, handOff.failure, new Date());
    else if (handOff.kind === "accepted" && !handOff.confirmed) await noteUnconfirmed(db, delivery);
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
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async (_, connection) => {
        while (!stopped && next < batch.length) {
          const delivery = batch[next++]!;
          await deliver(connection, delivery).catch((error: unknown) => logError("Sending a newsletter message failed", error));
        }
      }),
    );
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
      wakeUp?.();
      await running;
      await thread.release();
      await releaseLease(db, holder).catch((error: unknown) => logError("Releasing the newsletter lease failed", error));
    },
  };
}
