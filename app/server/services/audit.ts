/**
 * The audit trail (issue 15): every back-office action, recorded in the same transaction as the
 * change it describes, so that no change is without its entry and no entry without its change.
 * Readers' own actions (comments, bookmarks, their account) are not recorded. Only admins read it;
 * nobody changes it (the table's trigger refuses).
 */
import { type SQL, and, count, desc, eq, gte, inArray, lt } from "drizzle-orm";
import type { AuditEntry, AuditPage } from "~/lib/api-types";
import type { AuditAction, AuditObject } from "~/lib/limits";
import { roleCan } from "~/lib/roles";
import type { AuditQuery } from "~/lib/schemas";
import type { Executor } from "../db/connection";
import { auditLog } from "../db/schema";
import { type Actor, requireAdmin } from "./actor";

/** Who acted: an account, or the site itself (scheduled publishing), which has no id. */
export interface AuditActor {
  id: number | null;
  name: string;
  email: string;
}

/** What an entry is about: the object's id and a name a person recognises, as they were then. */
export interface AuditObjectRef {
  id: number | null;
  label: string;
}

const objectTypeOf = (action: AuditAction): AuditObject => action.slice(0, action.indexOf(".")) as AuditObject;

/** Adds an entry; call it with the transaction that makes the change. */
export async function recordAudit(db: Executor, actor: AuditActor, action: AuditAction, object: AuditObjectRef, summary = ""): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    actorEmail: actor.email,
    action,
    objectType: objectTypeOf(action),
    objectId: object.id,
    objectLabel: object.label,
    summary,
  });
}

type Account = Pick<Actor, "id" | "name" | "email" | "role">;

/**
 * What a newsroom member does with their own account (signing in, a new password, ending
 * sessions), about the account itself unless `object` says otherwise; a reader's are not the
 * trail's business.
 */
export async function recordAccountAction(db: Executor, account: Account, action: AuditAction, object?: AuditObjectRef, summary = ""): Promise<void> {
  if (!roleCan(account.role, "backOffice")) return;
  await recordAudit(db, account, action, object ?? { id: account.id, label: account.email }, summary);
}

/** A back-office sign-in, or a failed one; `summary` names how it was proved. */
export async function recordSignIn(db: Executor, account: Account, succeeded: boolean, summary = ""): Promise<void> {
  await recordAccountAction(db, account, succeeded ? "account.signin" : "account.signin_failed", undefined, summary);
}

/**
 * The fields of `after` that differ from `before`, named as the API names them: an update's
 * summary. A field `after` leaves undefined is unchanged; null and undefined before are the same.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return Object.keys(after)
    .filter((key) => after[key] !== undefined && !same(before[key], after[key]))
    .join(", ");
}

/** GET /api/audit: newest first, filtered by person, action, object and dates, one page at a time. */
export async function listAudit(db: Executor, actor: Actor | null, query: AuditQuery): Promise<AuditPage> {
  requireAdmin(actor);
  const conditions: (SQL | undefined)[] = [
    query.actor ? eq(auditLog.actorId, query.actor) : undefined,
    query.action ? inArray(auditLog.action, [query.action]) : undefined,
    query.object ? eq(auditLog.objectType, query.object) : undefined,
    query.object_id ? eq(auditLog.objectId, query.object_id) : undefined,
    query.from ? gte(auditLog.at, query.from) : undefined,
    query.to ? lt(auditLog.at, query.to) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows.map(toEntry), total: total?.n ?? 0, page: query.page, limit: query.limit };
}

function toEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_id: row.actorId,
    actor_name: row.actorName,
    actor_email: row.actorEmail,
    action: row.action,
    object_type: row.objectType,
    object_id: row.objectId,
    object_label: row.objectLabel,
    summary: row.summary,
  };
}
