/** Who an issue of a list goes to (issue 40): confirmed subscribers on it, never a suppressed address. */
import { and, asc, eq, gt, notExists, sql } from "drizzle-orm";
import type { Executor } from "../db/connection";
import { mailSuppressions, newsletterSubscribers, newsletterSubscriptions } from "../db/schema";

export interface Recipient {
  subscriberId: number;
  email: string;
  language: string;
}

/** One page of a list's recipients in id order, after `afterId`, so a send can walk a large list. */
export async function listRecipients(db: Executor, list: string, afterId = 0, limit = 500): Promise<Recipient[]> {
  return recipientsPage(db, list, afterId, limit);
}

/** listRecipients' query, unrun: a send queues a page in the database without reading it (send-queue.ts). */
export function recipientsPage(db: Executor, list: string, afterId: number, limit: number) {
  return db
    .select({ subscriberId: newsletterSubscribers.id, email: newsletterSubscribers.email, language: newsletterSubscribers.language })
    .from(newsletterSubscriptions)
    .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterSubscriptions.subscriberId))
    .where(
      and(
        eq(newsletterSubscriptions.list, list),
        // The same bound on both sides of the join lets each index start at the page: a large list is not read from its start for each page.
        gt(newsletterSubscriptions.subscriberId, afterId),
        gt(newsletterSubscribers.id, afterId),
        eq(newsletterSubscribers.status, "confirmed"),
        notExists(
          db
            .select({ one: sql`1` })
            .from(mailSuppressions)
            .where(sql`lower(${mailSuppressions.email}) = lower(${newsletterSubscribers.email})`),
        ),
      ),
    )
    .orderBy(asc(newsletterSubscriptions.subscriberId))
    .limit(limit);
}
