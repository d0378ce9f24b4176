/**
 * "Forgot password" (issue 40): a one-time link by mail, good for 30 minutes. Only its hash is
 * kept. Using it sets the new password and ends every session of the account, a thief's included.
 * The request's answer is the same whether an account uses the address or not (the route says so,
 * and the message goes out without the answer waiting for it).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Locale } from "~/lib/i18n";
import type { PasswordResetInput } from "~/lib/schemas";
import type { Database } from "../db/connection";
import { passwordResets, users } from "../db/schema";
import { AppError } from "../errors";
import type { OutgoingMail } from "../mail/transport";
import { transactionalMail } from "../mail/transactional-mail";
import { pageAddress } from "../newsletter/opt-in";
import { publicContentUnchanged } from "../cache/public-changes";
import { recordAccountAction } from "./audit";
import { assertStrongPassword } from "./password-strength";
import { hashPassword } from "./passwords";
import { devicesForAudit, endOtherSessions } from "./sessions";
import { findUserByEmail } from "./users";

export const PASSWORD_RESET_MINUTES = 30;

const hashToken = (token: string) => createHash("sha256").update(`password-reset:${token}`).digest("base64url");

/**
 * POST /api/users/password-reset: the message with a new link for the account using `email`, or
 * null when none does. A new link replaces the account's earlier ones.
 */
export async function requestPasswordReset(db: Database, email: string, locale: Locale, now = new Date()): Promise<OutgoingMail | null> {
  publicContentUnchanged();
  const account = await findUserByEmail(db, email);
  if (!account) return null;
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(eq(passwordResets.userId, account.id));
    await tx.delete(passwordResets).where(lt(passwordResets.expiresAt, now));
    await tx
      .insert(passwordResets)
      .values({ tokenHash: hashToken(token), userId: account.id, expiresAt: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000) });
  });
  return transactionalMail(account.email, locale, "passwordResetSubject", [
    { text: "passwordResetMailText" },
    { link: pageAddress("/password-reset", locale, { token }) },
    { text: "passwordResetMailIgnore" },
  ]);
}

/** POST /api/users/password-reset/complete: spends the link, sets the password and ends every session of the account. */
export async function completePasswordReset(db: Database, input: PasswordResetInput, now = new Date()): Promise<void> {
  publicContentUnchanged();
  const live = and(eq(passwordResets.tokenHash, hashToken(input.token)), gt(passwordResets.expiresAt, now));
  const [found] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(live);
  if (!found) throw new AppError(400, "passwordResetInvalid");
  await assertStrongPassword(input.new_password, [found.name, found.email]);
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    const [spent] = await tx.delete(passwordResets).where(live).returning({ userId: passwordResets.userId });
    if (!spent) throw new AppError(400, "passwordResetInvalid");
    await tx.update(users).set({ passwordHash }).where(eq(users.id, found.id));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, found.id));
    const ended = await endOtherSessions(tx, found.id, null);
    await recordAccountAction(tx, found, "account.password", undefined, devicesForAudit(ended));
  });
}
