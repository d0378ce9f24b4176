/**
 * Double opt-in (issue 40): a sign-up stores a pending subscriber and mails its address a link to a
 * page whose Confirm button (a POST) confirms it; following the link changes nothing, so a mail
 * scanner that opens every link confirms nobody. The link's token is random, kept only as a hash,
 * good for confirming and nothing else, for 7 days; a pending subscriber whose link expired is
 * deleted. The sign-up's answer is the same whatever the address's state (the routes say so).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { type Locale, localizePath } from "~/lib/i18n";
import type { Database, Executor } from "../db/connection";
import { mailSuppressions, newsletterSubscribers, newsletterSubscriptions } from "../db/schema";
import { AppError } from "../errors";
import type { OutgoingMail } from "../mail/transport";
import { mailLocale, transactionalMail } from "../mail/transactional-mail";
import { config } from "../platform/config";
import { repeatEvery } from "../platform/repeat";
import { publicContentUnchanged } from "../cache/public-changes";
import { offeredOnly } from "./lists";
import { subscriberLinks, subscriberToken } from "./subscriber-links";

export const CONFIRMATION_DAYS = 7;
const CONFIRMATION_MS = CONFIRMATION_DAYS * 86_400_000;

const hashToken = (token: string) => createHash("sha256").update(`newsletter-confirmation:${token}`).digest("base64url");

/** A page of the site in `locale`, as a full address for a message. */
export const pageAddress = (path: string, locale: Locale, query: Record<string, string>) =>
  `${config().publicUrl}${localizePath(path, locale, config().defaultLocale)}?${new URLSearchParams(query)}`;

export interface SignUp {
  email: string;
  lists: string[];
  language: Locale;
}

/** Whether the address is on the suppression list (a bounce, a complaint, a refusal): it is never mailed. */
export async function isSuppressed(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mailSuppressions.id })
    .from(mailSuppressions)
    .where(sql`lower(${mailSuppressions.email}) = ${email.toLowerCase()}`);
  return row !== undefined;
}

/** A fresh confirmation for subscriber `id`: its token, whose hash and expiry the row now holds. */
async function newConfirmation(db: Executor, id: number, now: Date): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await db
    .update(newsletterSubscribers)
    .set({ confirmationHash: hashToken(token), confirmationExpiresAt: new Date(now.getTime() + CONFIRMATION_MS), confirmationSentAt: now })
    .where(eq(newsletterSubscribers.id, id));
  return token;
}

async function replaceLists(db: Executor, id: number, lists: string[]): Promise<void> {
  await db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.subscriberId, id));
  if (lists.length > 0) await db.insert(newsletterSubscriptions).values(lists.map((list) => ({ subscriberId: id, list })));
}

/** The message asking the address's owner to confirm: after a sign-up, or the one invitation of an address stored before double opt-in. */
export function confirmationMail(email: string, locale: Locale, token: string, invitation = false): OutgoingMail {
  return transactionalMail(email, locale, invitation ? "newsletterInviteSubject" : "newsletterConfirmSubject", [
    { text: invitation ? "newsletterInviteIntro" : "newsletterConfirmIntro" },
    { text: "newsletterConfirmAction" },
    { link: pageAddress("/newsletter/confirm", locale, { token }) },
    { text: "newsletterConfirmIgnore" },
  ]);
}

/**
 * POST /api/newsletter: stores the sign-up and returns the message it calls for, or null when none
 * is due: the address is suppressed, or already confirmed on every list asked for. A new or pending
 * address (or one that had left) becomes pending on the lists asked for, with a new link; a
 * confirmed one keeps its lists, which only its owner changes, and is sent its manage link when it
 * asked for a list it is not on.
 */
export async function signUp(db: Database, input: SignUp, now = new Date()): Promise<OutgoingMail | null> {
  publicContentUnchanged();
  const email = input.email.toLowerCase();
  const lists = await offeredOnly(db, input.lists);
  if (await isSuppressed(db, email)) return null;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(newsletterSubscribers)
      .values({ email, language: input.language, status: "pending" })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id });
    const [subscriber] = created
      ? [{ ...created, status: "pending" as const, language: input.language }]
      : await tx
          .select({ id: newsletterSubscribers.id, status: newsletterSubscribers.status, language: newsletterSubscribers.language })
          .from(newsletterSubscribers)
          .where(sql`lower(${newsletterSubscribers.email}) = ${email}`)
          .for("update");
    if (!subscriber) return null;
    if (subscriber.status === "confirmed") {
      const current = await tx
        .select({ list: newsletterSubscriptions.list })
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.subscriberId, subscriber.id));
      const on = new Set(current.map((row) => row.list));
      if (lists.every((list) => on.has(list))) return null;
      const locale = mailLocale(subscriber.language);
      return transactionalMail(email, locale, "newsletterAlreadySubject", [
        { text: "newsletterAlreadyText" },
        { link: subscriberLinks(await subscriberToken(tx, subscriber.id), locale).manage },
      ]);
    }
    await tx.update(newsletterSubscribers).set({ status: "pending", language: input.language }).where(eq(newsletterSubscribers.id, subscriber.id));
    await replaceLists(tx, subscriber.id, lists);
    return confirmationMail(email, input.language, await newConfirmation(tx, subscriber.id, now));
  });
}

export interface PendingConfirmation {
  email: string;
  lists: string[];
}

const live = (token: string, now: Date) =>
  and(
    eq(newsletterSubscribers.confirmationHash, hashToken(token)),
    eq(newsletterSubscribers.status, "pending"),
    sql`${newsletterSubscribers.confirmationExpiresAt} > ${now}`,
  );

/** What a confirmation link would confirm, for its page: reading it changes nothing. Undefined for a link invalid or expired. */
export async function pendingConfirmation(db: Executor, token: string, now = new Date()): Promise<PendingConfirmation | undefined> {
  const [row] = await db.select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email }).from(newsletterSubscribers).where(live(token, now));
  if (!row) return undefined;
  const lists = await db.select({ list: newsletterSubscriptions.list }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.subscriberId, row.id));
  return { email: row.email, lists: lists.map((entry) => entry.list) };
}

/**
 * POST /api/newsletter/confirm (the Confirm button): the pending subscriber is confirmed and its
 * token spent. An address stored before double opt-in, on no list, joins its edition's. Returns
 * the subscriber's id.
 */
export async function confirmSubscription(db: Database, token: string, now = new Date()): Promise<number> {
  publicContentUnchanged();
  return db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(newsletterSubscribers)
      .set({ status: "confirmed", confirmedAt: now, confirmationHash: null, confirmationExpiresAt: null })
      .where(live(token, now))
      .returning({ id: newsletterSubscribers.id, language: newsletterSubscribers.language });
    if (!confirmed) throw new AppError(404, "newsletterConfirmationInvalid");
    const [onSome] = await tx
      .select({ list: newsletterSubscriptions.list })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.subscriberId, confirmed.id))
      .limit(1);
    if (!onSome) await tx.insert(newsletterSubscriptions).values({ subscriberId: confirmed.id, list: confirmed.language });
    return confirmed.id;
  });
}

/** Expired sign-ups deleted per statement, so that a long backlog never holds the database in one go. */
const PURGE_BATCH = 1_000;

/**
 * Deletes the pending subscribers whose confirmation expired before `now`; returns how many.
 * Addresses stored before double opt-in (never sent a link) are kept for their invitation.
 * Instances sharing one PostgreSQL may run it at once: each deletes rows no other has locked.
 */
export async function purgeUnconfirmed(db: Database, now = new Date()): Promise<number> {
  let purged = 0;
  for (;;) {
    const expired = db
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.status, "pending"), lt(newsletterSubscribers.confirmationExpiresAt, now)))
      .limit(PURGE_BATCH)
      .for("update", { skipLocked: true });
    const gone = await db.delete(newsletterSubscribers).where(inArray(newsletterSubscribers.id, expired)).returning({ id: newsletterSubscribers.id });
    purged += gone.length;
    if (gone.length < PURGE_BATCH) return purged;
  }
}

/** Runs `purgeUnconfirmed` now and every `everyMs` (an hour unless told), on every instance; returns the stop. */
export function startUnconfirmedPurge(db: () => Promise<Database>, everyMs = 60 * 60 * 1000): () => Promise<void> {
  return repeatEvery(async () => purgeUnconfirmed(await db()), everyMs, "Deleting expired newsletter sign-ups failed; trying again in an hour");
}

/** The addresses stored before double opt-in that were never invited, a batch at a time, claimed (marked invited) as they are read. */
export async function claimUninvited(db: Database, limit: number, now = new Date()): Promise<{ email: string; language: Locale; token: string }[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, language: newsletterSubscribers.language })
      .from(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.status, "pending"), isNull(newsletterSubscribers.confirmationSentAt)))
      .orderBy(newsletterSubscribers.id)
      .limit(limit)
      .for("update", { skipLocked: true });
    const claimed = [];
    for (const row of rows) claimed.push({ email: row.email, language: mailLocale(row.language), token: await newConfirmation(tx, row.id, now) });
    return claimed;
  });
}
