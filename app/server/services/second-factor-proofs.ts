/**
 * Proving a second factor (issue 35), at sign-in or again later: a code (authenticator or
 * recovery) or a passkey. Re-authentication, and what the account screen shows.
 */
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { eq } from "drizzle-orm";
import { TOTP_CODE_PATTERN, type SecondFactorStatus } from "~/lib/second-factor";
import type { ReauthenticationInput, SecondFactorProofInput } from "~/lib/second-factor-schemas";
import type { Database, Executor } from "../db/connection";
import { totpCredentials, users } from "../db/schema";
import { AppError } from "../errors";
import { type Actor, requireUser } from "./actor";
import { recordAccountAction } from "./audit";
import { listPasskeys, takeSessionChallenge, verifyPasskeyAssertion } from "./passkeys";
import { verifyPassword } from "./passwords";
import { recoveryCodesLeft, useRecoveryCode } from "./recovery-codes";
import { markReauthenticated, secondFactorRequired, sessionOf } from "./second-factor-policy";
import { verifyTotp } from "./totp";
import { publicContentUnchanged } from "../cache/public-changes";

/** How a proof was given, as the audit trail records it. */
export type ProofKind = "totp" | "recovery" | "webauthn" | "password";

export const proofKindOf = (input: { code?: string; webauthn?: unknown; password?: string }): ProofKind =>
  input.webauthn !== undefined ? "webauthn" : input.password !== undefined ? "password" : input.code && TOTP_CODE_PATTERN.test(input.code) ? "totp" : "recovery";

/** Checks one proof of `userId`'s second factor, spending what is single-use (a code's time step, a recovery code). */
export async function proveSecondFactor(db: Executor, userId: number, proof: SecondFactorProofInput, webauthnChallenge: string | null): Promise<ProofKind> {
  if (proof.webauthn) {
    await verifyPasskeyAssertion(db, userId, proof.webauthn as unknown as AuthenticationResponseJSON, webauthnChallenge);
    return "webauthn";
  }
  const code = proof.code ?? "";
  if (TOTP_CODE_PATTERN.test(code)) {
    await verifyTotp(db, userId, code);
    return "totp";
  }
  await useRecoveryCode(db, userId, code);
  return "recovery";
}

/**
 * POST /api/users/me/reauthenticate: the session proves itself again, for the actions that need a
 * fresh second factor (second-factor-policy.ts). An account with a second factor uses it; one
 * without (allowed when its role needs none) gives its password, the only thing it has.
 */
export async function reauthenticate(db: Database, actor: Actor | null, input: ReauthenticationInput): Promise<{ reauthenticated_at: string }> {
  publicContentUnchanged();
  const me = requireUser(actor);
  const session = sessionOf(me);
  const kind = proofKindOf(input);
  try {
    if (session.hasSecondFactor) {
      if (kind === "password") throw new AppError(400, "passwordNotAccepted");
      const challenge = input.webauthn ? await takeSessionChallenge(db, session.id, "reauthenticate") : null;
      await proveSecondFactor(db, me.id, input, challenge);
    } else {
      if (kind !== "password") throw new AppError(400, "secondFactorNone");
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id));
      if (!row || !(await verifyPassword(input.password ?? "", row.passwordHash))) throw new AppError(401, "passwordIncorrect");
    }
  } catch (error) {
    if (error instanceof AppError && error.status === 401) await recordAccountAction(db, me, "account.reauthenticate_failed", undefined, kind);
    throw error;
  }
  return db.transaction(async (tx) => {
    const at = await markReauthenticated(tx, me);
    await recordAccountAction(tx, me, "account.reauthenticate", undefined, kind);
    return { reauthenticated_at: at.toISOString() };
  });
}

/** GET /api/users/me/second-factor: the account's second factors, and whether its role needs one. */
export async function secondFactorStatus(db: Executor, actor: Actor | null): Promise<SecondFactorStatus> {
  const me = requireUser(actor);
  const [[totp], passkeys, left] = await Promise.all([
    db.select({ confirmedAt: totpCredentials.confirmedAt }).from(totpCredentials).where(eq(totpCredentials.userId, me.id)),
    listPasskeys(db, me),
    recoveryCodesLeft(db, me.id),
  ]);
  return {
    totp: Boolean(totp?.confirmedAt),
    passkeys,
    recovery_codes_left: left,
    required: secondFactorRequired(me),
    reauthenticated_at: me.session?.secondFactorAt?.toISOString() ?? null,
  };
}
