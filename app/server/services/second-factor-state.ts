/** Which second factors an account has (issue 35): read by the enrolment gate, sign-in and the account screen. */
import { type AnyColumn, and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { SecondFactorMethod } from "~/lib/second-factor";
import type { Executor } from "../db/connection";
import { passkeys, recoveryCodes, totpCredentials } from "../db/schema";

/**
 * Whether the account in `userId` has a second factor: confirmed authenticator codes or a passkey.
 * Recovery codes stand in for those, and are no factor alone. A subquery, so that the actor's
 * look-up on each request (actorForToken) stays one round trip.
 */
export const hasSecondFactorSql = (userId: AnyColumn) =>
  sql<boolean>`(exists (select 1 from ${totpCredentials} where ${totpCredentials.userId} = ${userId} and ${totpCredentials.confirmedAt} is not null) or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId}))`;

export async function hasSecondFactor(db: Executor, userId: number): Promise<boolean> {
  return (await secondFactorMethods(db, userId)).length > 0;
}

/** The ways the account can finish a sign-in: none when it has no second factor. */
export async function secondFactorMethods(db: Executor, userId: number): Promise<SecondFactorMethod[]> {
  const [[totp], [keys], [codes]] = await Promise.all([
    db.select({ userId: totpCredentials.userId }).from(totpCredentials).where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt))),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
    db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  const methods: SecondFactorMethod[] = [];
  if (totp) methods.push("totp");
  if ((keys?.n ?? 0) > 0) methods.push("webauthn");
  if (methods.length > 0 && (codes?.n ?? 0) > 0) methods.push("recovery");
  return methods;
}

/** After a factor is removed: with none left, the recovery codes go too, as they would open nothing a password does not. */
export async function dropRecoveryCodesWithoutFactor(tx: Executor, userId: number): Promise<void> {
  if (!(await hasSecondFactor(tx, userId))) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
