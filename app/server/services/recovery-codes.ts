/**
 * One-time recovery codes (issue 35): ten at a time, shown once, stored as SHA-256 hashes. Each
 * code carries 80 random bits, far beyond what anyone could try against a leaked hash, so a fast
 * hash is enough and a code is found by its hash alone (docs/decisions.md, "Second factors").
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import { RECOVERY_CODE_COUNT } from "~/lib/second-factor";
import type { Database, Executor } from "../db/connection";
import { recoveryCodes } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, requireUser } from "./actor";
import { recordAccountAction } from "./audit";
import { requireRecentReauthentication } from "./second-factor-policy";
import { hasSecondFactor } from "./second-factor-state";
import { publicContentUnchanged } from "../cache/public-changes";

/** Crockford's base32: no i, l, o or u, so that a code copied by hand is not misread. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const CODE_CHARS = 16;

/** A fresh code, `xxxx-xxxx-xxxx-xxxx`: 16 characters of 5 bits each (a byte's low 5 bits are uniform). */
function newCode(): string {
  const chars = [...randomBytes(CODE_CHARS)].map((byte) => ALPHABET[byte & 31]).join("");
  return chars.match(/.{4}/g)!.join("-");
}

/** A code as typed: any case, with or without hyphens and spaces, and the letters Crockford reads as digits. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, "").replace(/[il]/g, "1").replace(/o/g, "0");

const hashOf = (userId: number, code: string) => createHash("sha256").update(`${userId}:${normalise(code)}`).digest("hex");

/** Replaces the account's codes with a new set, and returns it: the only time the codes exist outside their owner's hands. */
export async function issueRecoveryCodes(tx: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashOf(userId, code) })));
  return codes;
}

/** Spends one code: it works once, even for two requests that race with it. */
export async function useRecoveryCode(db: Executor, userId: number, code: string): Promise<void> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashOf(userId, code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  if (spent.length === 0) throw new AppError(401, "secondFactorCodeInvalid");
}

export async function recoveryCodesLeft(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** POST /api/users/me/recovery-codes: a new set, the old one void; needs a fresh second factor. */
export async function regenerateRecoveryCodes(db: Database, actor: Actor | null): Promise<{ recovery_codes: string[] }> {
  publicContentUnchanged();
  const me = requireUser(actor);
  requireRecentReauthentication(me);
  return db.transaction(async (tx) => {
    if (!(await hasSecondFactor(tx, me.id))) throw new AppError(409, "secondFactorNone");
    const codes = await issueRecoveryCodes(tx, me.id);
    await recordAccountAction(tx, me, "account.recovery_codes");
    return { recovery_codes: codes };
  });
}
