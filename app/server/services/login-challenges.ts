/**
 * The half-finished sign-in (issue 35): the password was right and the account has a second
 * factor. The client gets an opaque challenge, the database only its hash; it is bound to the
 * account, lives SECOND_FACTOR_CHALLENGE_MINUTES and finishes one sign-in at most.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { SECOND_FACTOR_CHALLENGE_MINUTES } from "~/lib/second-factor";
import type { Executor } from "../db/connection";
import { loginChallenges } from "../db/schema";
import { AppError } from "../errors";
import { passkeyAuthenticationOptions } from "./passkeys";
import { publicContentUnchanged } from "../cache/public-changes";

const hashOf = (challenge: string) => createHash("sha256").update(challenge).digest("hex");

export interface PendingSignIn {
  id: number;
  userId: number;
  /** The WebAuthn challenge given for a passkey sign-in, once asked for. */
  webauthnChallenge: string | null;
}

export async function startLoginChallenge(db: Executor, userId: number, now = new Date()): Promise<string> {
  // Those left behind go now; there is no other schedule to sweep them.
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
  const challenge = randomBytes(32).toString("base64url");
  await db.insert(loginChallenges).values({
    tokenHash: hashOf(challenge),
    userId,
    expiresAt: new Date(now.getTime() + SECOND_FACTOR_CHALLENGE_MINUTES * 60_000),
  });
  return challenge;
}

/** The sign-in a challenge names, while it is alive and unused; else 401. */
export async function findLoginChallenge(db: Executor, challenge: string, now = new Date()): Promise<PendingSignIn> {
  const [row] = await db
    .select({ id: loginChallenges.id, userId: loginChallenges.userId, webauthnChallenge: loginChallenges.webauthnChallenge })
    .from(loginChallenges)
    .where(and(eq(loginChallenges.tokenHash, hashOf(challenge)), gt(loginChallenges.expiresAt, now)));
  if (!row) throw new AppError(401, "secondFactorChallengeInvalid");
  return row;
}

/** Spends the challenge, in the transaction that makes the session: of two racing finishes, one wins. */
export async function consumeLoginChallenge(tx: Executor, pending: PendingSignIn): Promise<void> {
  const spent = await tx.delete(loginChallenges).where(eq(loginChallenges.id, pending.id)).returning({ id: loginChallenges.id });
  if (spent.length === 0) throw new AppError(401, "secondFactorChallengeInvalid");
}

/** POST /api/admin/login/second-factor/options: a passkey sign-in's options, the challenge kept with the sign-in. */
export async function loginPasskeyOptions(db: Executor, challenge: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  publicContentUnchanged();
  const pending = await findLoginChallenge(db, challenge);
  const options = await passkeyAuthenticationOptions(db, pending.userId);
  await db.update(loginChallenges).set({ webauthnChallenge: options.challenge }).where(eq(loginChallenges.id, pending.id));
  return options;
}
