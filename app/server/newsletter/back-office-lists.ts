/**
 * The newsletter's lists as editors see them (issue 40): subscribers with their status and lists,
 * and suppressed addresses, which an editor may lift (audited).
 */
import { asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Database, Executor } from "../db/connection";
import { newsletterSubscribers, newsletterSubscriptions, type SubscriberStatus } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, requireAbility } from "../services/actor";
import { recordAudit } from "../services/audit";
import { deleteSuppression, listSuppressions, type SuppressionView } from "./suppressions";

export interface SubscriberView {
  id: number;
  email: string;
  language: string;
  status: SubscriberStatus;
  lists: string[];
  created_at: string;
  confirmed_at: string | null;
}

/** Subscribers newest first, only those of `status` when given; `total` counts the same. */
export async function listSubscribers(
  db: Executor,
  actor: Actor | null,
  page: number,
  limit: number,
  status?: SubscriberStatus,
): Promise<{ subscribers: SubscriberView[]; total: number }> {
  requireAbility(actor, "sendNewsletters");
  const only = status ? eq(newsletterSubscribers.status, status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .where(only)
      .orderBy(desc(newsletterSubscribers.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(newsletterSubscribers).where(only),
  ]);
  const ids = rows.map((row) => row.id);
  const lists =
    ids.length === 0
      ? []
      : await db
          .select({ subscriberId: newsletterSubscriptions.subscriberId, list: newsletterSubscriptions.list })
          .from(newsletterSubscriptions)
          .where(inArray(newsletterSubscriptions.subscriberId, ids))
          .orderBy(asc(newsletterSubscriptions.list));
  return {
    subscribers: rows.map((row) => ({
      id: row.id,
      email: row.email,
      language: row.language,
      status: row.status,
      lists: lists.filter((entry) => entry.subscriberId === row.id).map((entry) => entry.list),
      created_at: row.createdAt.toISOString(),
      confirmed_at: row.confirmedAt?.toISOString() ?? null,
    })),
    total: total?.n ?? 0,
  };
}

export async function suppressionsPage(db: Executor, actor: Actor | null, page: number, limit: number): Promise<{ suppressions: SuppressionView[]; total: number }> {
  requireAbility(actor, "sendNewsletters");
  return listSuppressions(db, page, limit);
}

/** Mails the address again from the next issue on; the lift is audited with the address it freed. */
export async function liftSuppression(db: Database, actor: Actor | null, id: number): Promise<void> {
  const staff = requireAbility(actor, "sendNewsletters");
  await db.transaction(async (tx) => {
    const lifted = await deleteSuppression(tx, id);
    if (!lifted) throw new AppError(404, "suppressionNotFound");
    await recordAudit(tx, staff, "newsletter.lift_suppression", { id, label: lifted.email });
  });
}
