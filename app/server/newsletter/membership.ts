/**
 * What a subscriber does from the links in every message, without an account (issue 40): see and
 * change their lists, and leave every one. The link's token (subscriber-links.ts) is the only proof
 * asked for: whoever holds the message holds the address.
 */
import { eq } from "drizzle-orm";
import type { Database, Executor } from "../db/connection";
import { newsletterSubscribers, newsletterSubscriptions } from "../db/schema";
import type { SubscriberStatus } from "../db/schema";
import { AppError } from "../errors";
import { publicContentUnchanged } from "../cache/public-changes";
import { offeredOnly } from "./lists";
import { subscriberOfToken } from "./subscriber-links";

export interface Membership {
  email: string;
  status: SubscriberStatus;
  lists: string[];
}

async function subscriberOf(db: Executor, token: string): Promise<number> {
  const id = await subscriberOfToken(db, token);
  if (id === undefined) throw new AppError(404, "newsletterLinkInvalid");
  return id;
}

/** The manage page's subscriber: its address, state and lists; 404 for a link that names nobody (forged, or a sign-up since deleted). */
export async function membershipOf(db: Executor, token: string): Promise<Membership> {
  const id = await subscriberOf(db, token);
  const [row] = await db
    .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id));
  if (!row) throw new AppError(404, "newsletterLinkInvalid");
  const lists = await db.select({ list: newsletterSubscriptions.list }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.subscriberId, id));
  return { ...row, lists: lists.map((entry) => entry.list) };
}

/**
 * POST /api/newsletter/unsubscribe, the one-click POST and the pages' buttons: the subscriber leaves
 * every list at once. Leaving twice is not an error. Returns the address, for the page to name.
 */
export async function leaveEverything(db: Database, token: string): Promise<string> {
  publicContentUnchanged();
  const id = await subscriberOf(db, token);
  return db.transaction(async (tx) => {
    const [left] = await tx
      .update(newsletterSubscribers)
      .set({ status: "left", confirmationHash: null, confirmationExpiresAt: null })
      .where(eq(newsletterSubscribers.id, id))
      .returning({ email: newsletterSubscribers.email });
    if (!left) throw new AppError(404, "newsletterLinkInvalid");
    await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.subscriberId, id));
    return left.email;
  });
}

/**
 * The manage page's Save: the subscriber is on exactly `lists` (offered ones), and none is leaving
 * everything. One who had left and confirmed before is back; one never confirmed stays pending.
 */
export async function changeLists(db: Database, token: string, asked: readonly string[]): Promise<Membership> {
  publicContentUnchanged();
  if (asked.length === 0) {
    await leaveEverything(db, token);
    return membershipOf(db, token);
  }
  const id = await subscriberOf(db, token);
  const lists = await offeredOnly(db, asked);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: newsletterSubscribers.status, confirmedAt: newsletterSubscribers.confirmedAt })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, id))
      .for("update");
    if (!row) throw new AppError(404, "newsletterLinkInvalid");
    if (row.status === "left" && row.confirmedAt) await tx.update(newsletterSubscribers).set({ status: "confirmed" }).where(eq(newsletterSubscribers.id, id));
    await tx.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.subscriberId, id));
    await tx.insert(newsletterSubscriptions).values(lists.map((list) => ({ subscriberId: id, list })));
  });
  return membershipOf(db, token);
}
