/**
 * Authenticator codes (issue 35): TOTP, RFC 6238, with otplib: SHA-1, six digits, 30-second steps,
 * what every authenticator app expects. A code is accepted one step either side of now (phones'
 * clocks drift), and never twice: the step of the last code accepted is kept, and only a later
 * step passes.
 */
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import { en } from "~/lib/messages";
import type { Database, Executor } from "../db/connection";
import { totpCredentials } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, requireUser } from "./actor";
import { recordAccountAction } from "./audit";
import { issueRecoveryCodes } from "./recovery-codes";
import { markReauthenticated, requireFreshForEnrolment, requireRecentReauthentication, sessionOf } from "./second-factor-policy";
import { dropRecoveryCodesWithoutFactor } from "./second-factor-state";
import { endOtherSessions } from "./sessions";
import { publicContentUnchanged } from "../cache/public-changes";

const PERIOD_SECONDS = 30;

type Check = { ok: true; timeStep: number } | { ok: false; reused: boolean };

/** Whether `code` is one of `secret`'s, and of a step after `after` (the last one accepted). */
async function check(secret: string, code: string, after: number | null): Promise<Check> {
  const result = await verify({ secret, token: code, epochTolerance: PERIOD_SECONDS, afterTimeStep: after ?? undefined });
  if (result.valid && "timeStep" in result) return { ok: true, timeStep: result.timeStep };
  const reused = after !== null && (await verify({ secret, token: code, epochTolerance: PERIOD_SECONDS })).valid;
  return { ok: false, reused };
}

/** Checks a six-digit code of the account's confirmed authenticator, and spends its time step. */
export async function verifyTotp(db: Executor, userId: number, code: string): Promise<void> {
  const [row] = await db
    .select()
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)));
  if (!row) throw new AppError(401, "secondFactorCodeInvalid");
  const outcome = await check(row.secret, code, row.lastTimeStep);
  if (!outcome.ok) throw new AppError(401, outcome.reused ? "totpCodeReused" : "secondFactorCodeInvalid");
  // Two requests racing with one code: the step is claimed by exactly one of them.
  const claimed = await db
    .update(totpCredentials)
    .set({ lastTimeStep: outcome.timeStep })
    .where(and(eq(totpCredentials.userId, userId), or(isNull(totpCredentials.lastTimeStep), lt(totpCredentials.lastTimeStep, outcome.timeStep))))
    .returning({ userId: totpCredentials.userId });
  if (claimed.length === 0) throw new AppError(401, "totpCodeReused");
}

/**
 * POST /api/users/me/totp: a new secret for the account's authenticator app, not in force until a
 * code from the app confirms it. Starting again replaces a secret not yet confirmed.
 */
export async function startTotpEnrolment(db: Database, actor: Actor | null): Promise<{ secret: string; otpauth_url: string }> {
  publicContentUnchanged();
  const me = requireUser(actor);
  await requireFreshForEnrolment(db, me);
  const secret = generateSecret();
  const [pending] = await db
    .insert(totpCredentials)
    .values({ userId: me.id, secret })
    .onConflictDoUpdate({ target: totpCredentials.userId, set: { secret, createdAt: new Date(), lastTimeStep: null }, setWhere: isNull(totpCredentials.confirmedAt) })
    .returning({ userId: totpCredentials.userId });
  if (!pending) throw new AppError(409, "totpAlreadyOn");
  return { secret, otpauth_url: generateURI({ issuer: en.siteName, label: me.email, secret }) };
}

/**
 * POST /api/users/me/totp/confirm: the app's first code turns authenticator codes on. The account
 * gets a new set of recovery codes (shown this once), and every other session ends: one opened
 * with the password alone must not outlive the second factor.
 */
export async function confirmTotp(db: Database, actor: Actor | null, code: string): Promise<{ recovery_codes: string[] }> {
  publicContentUnchanged();
  const me = requireUser(actor);
  const session = sessionOf(me);
  const [row] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, me.id));
  if (!row) throw new AppError(409, "totpNotStarted");
  if (row.confirmedAt) throw new AppError(409, "totpAlreadyOn");
  const outcome = await check(row.secret, code, null);
  if (!outcome.ok) throw new AppError(400, "secondFactorCodeInvalid");
  return db.transaction(async (tx) => {
    const now = new Date();
    const confirmed = await tx
      .update(totpCredentials)
      .set({ confirmedAt: now, lastTimeStep: outcome.timeStep })
      .where(and(eq(totpCredentials.userId, me.id), eq(totpCredentials.secret, row.secret), isNull(totpCredentials.confirmedAt)))
      .returning({ userId: totpCredentials.userId });
    if (confirmed.length === 0) throw new AppError(409, "conflict");
    const codes = await issueRecoveryCodes(tx, me.id);
    await endOtherSessions(tx, me.id, session.id);
    await markReauthenticated(tx, me, now);
    await recordAccountAction(tx, me, "account.second_factor_on", undefined, "totp");
    return { recovery_codes: codes };
  });
}

/** DELETE /api/users/me/totp: needs a fresh second factor. */
export async function disableTotp(db: Database, actor: Actor | null): Promise<void> {
  publicContentUnchanged();
  const me = requireUser(actor);
  requireRecentReauthentication(me);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(totpCredentials)
      .where(and(eq(totpCredentials.userId, me.id), isNotNull(totpCredentials.confirmedAt)))
      .returning({ userId: totpCredentials.userId });
    if (removed.length === 0) throw new AppError(404, "totpNotOn");
    await dropRecoveryCodesWithoutFactor(tx, me.id);
    await recordAccountAction(tx, me, "account.second_factor_off", undefined, "totp");
  });
}
