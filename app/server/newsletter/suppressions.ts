/**
 * The suppression list (issue 40): addresses never mailed again after a permanent refusal, a bounce
 * or a complaint. The send queue and recipients.ts both read it; an editor may lift an entry.
 */
import { count, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/connection";
import { mailSuppressions, type SuppressionReason } from "../db/schema";

/** Puts `email` on the list; an address already there keeps its first reason and date. */
export async function suppress(db: Executor, email: string, reason: SuppressionReason, detail: string): Promise<void> {
  await db
    .insert(mailSuppressions)
    .values({ email: email.toLowerCase(), reason, detail: detail.slice(0, 1000) })
    .onConflictDoNothing();
}

export interface SuppressionView {
  id: number;
  email: string;
  reason: SuppressionReason;
  detail: string;
  created_at: string;
}

export async function listSuppressions(db: Executor, page: number, limit: number): Promise<{ suppressions: SuppressionView[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailSuppressions)
      .orderBy(desc(mailSuppressions.createdAt), desc(mailSuppressions.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(mailSuppressions),
  ]);
  return {
    suppressions: rows.map((row) => ({ id: row.id, email: row.email, reason: row.reason, detail: row.detail, created_at: row.createdAt.toISOString() })),
    total: total?.n ?? 0,
  };
}

/** Deletes one entry and returns it, or undefined when there was none. */
export async function deleteSuppression(db: Executor, id: number): Promise<{ email: string } | undefined> {
  const [row] = await db.delete(mailSuppressions).where(eq(mailSuppressions.id, id)).returning({ email: mailSuppressions.email });
  return row;
}

/** Whether `email` is on the list, whatever its case. */
export async function isSuppressed(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mailSuppressions.id })
    .from(mailSuppressions)
    .where(sql`lower(${mailSuppressions.email}) = lower(${email})`);
  return row !== undefined;
}
