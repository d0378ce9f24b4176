import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { PublicUser } from "~/lib/api-types";
import type { LoginInput, RegisterInput } from "~/lib/schemas";
import type { Database, Executor } from "../db/connection";
import { sessions, users } from "../db/schema";
import { AppError } from "../errors";
import type { SecondFactorMethod } from "~/lib/second-factor";
import type { SecondFactorProofInput } from "~/lib/second-factor-schemas";
import { recordAccountEvent, recordSignIn } from "./audit";
import type { Actor } from "./actor";
import { type PendingSignIn, consumeLoginChallenge, startLoginChallenge } from "./login-challenges";
import { decoyHash, verifyPassword } from "./passwords";
import { secondFactorRequired } from "./second-factor-policy";
import { proofKindOf, proveSecondFactor } from "./second-factor-proofs";
import { hasSecondFactorSql, secondFactorMethods } from "./second-factor-state";
import { createUser, findUserByEmail, getUser } from "./users";

export const SESSION_COOKIE = "session";
export const SESSION_DAYS = 30;

/** Only a hash is stored, so a leaked database does not hand out live sessions. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** `secondFactorAt`: when the sign-in proved a second factor, for a sign-in that did. */
export async function createSession(db: Executor, userId: number, secondFactorAt: Date | null = null): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
    secondFactorAt,
  });
  return token;
}

export async function actorForToken(db: Executor, token: string): Promise<Actor | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      sessionId: sessions.id,
      secondFactorAt: sessions.secondFactorAt,
      hasSecondFactor: hasSecondFactorSql(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())));
  if (!row) return null;
  const { sessionId, secondFactorAt, hasSecondFactor, ...account } = row;
  return { ...account, session: { id: sessionId, secondFactorAt, hasSecondFactor } };
}

export async function revokeSession(db: Executor, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function purgeExpiredSessions(db: Executor): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

export interface SignedIn {
  token: string;
  user: PublicUser;
  /** Present when the account's role needs a second factor and it has none: the client takes it to enrol. */
  second_factor_enrolment_required?: true;
}

/** A sign-in's outcome: a session, or (the password being right) the second factor it awaits. */
export type LoginOutcome = SignedIn | { secondFactor: { challenge: string; methods: SecondFactorMethod[] } };

/**
 * Signs in any account (DESIGN: `username` is the e-mail). A wrong e-mail and a wrong password get
 * the same message and take the same time, so the answer does not reveal which accounts exist. An
 * account with a second factor gets no session yet: a challenge to finish it with (issue 35).
 */
export async function login(db: Database, input: LoginInput): Promise<LoginOutcome> {
  const account = await findUserByEmail(db, input.username);
  const valid = await verifyPassword(input.password, account?.passwordHash ?? (await decoyHash()));
  if (!account || !valid) {
    if (account) await recordSignIn(db, account, false);
    throw new AppError(401, "invalidCredentials");
  }
  const methods = await secondFactorMethods(db, account.id);
  if (methods.length > 0) return { secondFactor: { challenge: await startLoginChallenge(db, account.id), methods } };
  const signedIn = await db.transaction(async (tx) => {
    await recordSignIn(tx, account, true, "password");
    return { token: await createSession(tx, account.id), user: await getUser(tx, account.id) };
  });
  return secondFactorRequired(account) ? { ...signedIn, second_factor_enrolment_required: true } : signedIn;
}

/**
 * POST /api/admin/login/second-factor: the second step. A wrong proof leaves the challenge alive
 * (a mistyped code is tried again) and is recorded; a right one spends the challenge and makes the
 * session, which has proved its second factor now.
 */
export async function completeSecondFactorSignIn(db: Database, pending: PendingSignIn, proof: SecondFactorProofInput): Promise<SignedIn> {
  const [account] = await db.select().from(users).where(eq(users.id, pending.userId));
  if (!account) throw new AppError(401, "secondFactorChallengeInvalid");
  let kind;
  try {
    kind = await proveSecondFactor(db, account.id, proof, pending.webauthnChallenge);
  } catch (error) {
    if (error instanceof AppError && error.status === 401) await recordAccountEvent(db, account, "account.second_factor_failed", proofKindOf(proof));
    throw error;
  }
  return db.transaction(async (tx) => {
    await consumeLoginChallenge(tx, pending);
    await recordSignIn(tx, account, true, kind);
    return { token: await createSession(tx, account.id, new Date()), user: await getUser(tx, account.id) };
  });
}

/** Register always creates role `user`, then signs the new account in. */
export async function register(db: Database, input: RegisterInput): Promise<{ token: string; user: PublicUser }> {
  return db.transaction(async (tx) => {
    const user = await createUser(tx, { ...input, role: "user" });
    return { token: await createSession(tx, user.id), user };
  });
}
