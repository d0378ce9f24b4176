/**
 * The back office's notice that the tip line's key changed (issue 36): every editor and admin (the
 * people who read tips) sees, on their next page, who made the new key, when, its fingerprint and
 * whether the previous key signed it, until they dismiss it for themselves. A key written into the
 * database by someone who bypassed the back office shows up here too, as not signed.
 */
import { and, desc, eq } from "drizzle-orm";
import { keyFingerprint } from "~/lib/tips/crypto";
import type { Database, Executor } from "../db/connection";
import { tipKeyNoticeDismissals, tipKeys, users } from "../db/schema";
import { AppError } from "../errors";
import { publicContentUnchanged } from "../cache/public-changes";
import { type Actor, can, requireAbility } from "./actor";
import { signedByPrevious } from "./tips";

export interface TipKeyNotice {
  key_id: number;
  created_at: string;
  /** Who made it; null when their account is gone, or nobody made it through the back office. */
  created_by: string | null;
  fingerprint: string;
  signed_by_previous: boolean;
}

/** The notice for `actor`: the current key, when it replaced another and they have not dismissed it; else null. */
export async function tipKeyNotice(db: Executor, actor: Actor): Promise<TipKeyNotice | null> {
  if (!can(actor, "readTips")) return null;
  const [current, previous] = await db
    .select({ key: tipKeys, by: users.name })
    .from(tipKeys)
    .leftJoin(users, eq(users.id, tipKeys.createdBy))
    .orderBy(desc(tipKeys.id))
    .limit(2);
  // The first key is the tip line opening, not a change of key.
  if (!current || !previous) return null;
  const [dismissed] = await db
    .select({ keyId: tipKeyNoticeDismissals.keyId })
    .from(tipKeyNoticeDismissals)
    .where(and(eq(tipKeyNoticeDismissals.userId, actor.id), eq(tipKeyNoticeDismissals.keyId, current.key.id)));
  if (dismissed) return null;
  return {
    key_id: current.key.id,
    created_at: current.key.createdAt.toISOString(),
    created_by: current.by,
    fingerprint: await keyFingerprint(current.key.publicKey, current.key.signingPublicKey),
    signed_by_previous: await signedByPrevious(current.key, previous.key),
  };
}

/** POST /api/tips/key-notice {key_id}: `actor` has seen that this key replaced the one before. */
export async function dismissTipKeyNotice(db: Database, actor: Actor | null, keyId: unknown): Promise<void> {
  publicContentUnchanged();
  const editor = requireAbility(actor, "readTips");
  if (typeof keyId !== "number" || !Number.isInteger(keyId) || keyId < 1) throw new AppError(400, "invalidInput");
  const [key] = await db.select({ id: tipKeys.id }).from(tipKeys).where(eq(tipKeys.id, keyId));
  if (!key) throw new AppError(404, "notFound");
  await db.insert(tipKeyNoticeDismissals).values({ userId: editor.id, keyId }).onConflictDoNothing();
}
