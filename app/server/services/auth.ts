import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { startOfHour } from "~/lib/dates";
import type { PublicUser } from "~/lib/api-types";
import type { LoginInput, RegisterInput } from "~/lib/schemas";
import type { SecondFactorMethod } from "~/lib/second-factor";
import type { SecondFactorProofInput } from "~/lib/second-factor-schemas";
import type { Database, Executor } from "../db/connection";
import { sessions, users } from "../db/schema";
import { AppError } from "../errors";
import { recordAccountAction, recordSignIn } from "./audit";
import type { Actor } from "./actor";
import { deviceName } from "./device-names";
import { signInNotice } from "./sign-in-notices";
import { sendSoon } from "../mail/send-soon";
import type { OutgoingMail } from "../mail/transport";
import { type PendingSignIn, consumeLoginChallenge, startLoginChallenge } from "./login-challenges";
import { assertStrongPassword } from "./password-strength";
import { decoyHash, verifyPassword } from "./passwords";
import { secondFactorRequired } from "./second-factor-policy";
import { proofKindOf, proveSecondFactor } from "./second-factor-proofs";
import { hasSecondFactorSql, secondFactorMethods } from "./second-factor-state";
import { noteSessionUsed } from "./sessions";
import { createUser, findUserByEmail, getUser } from "./users";
import { publicContentUnchanged } from "../cache/public-changes";

export const SESSION_DAYS = 30;

/** Only a hash is stored, so a leaked database does not hand out live sessions. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** What a new session knows of the client that opened it; of its user agent, only a coarse device name is kept. */
export interface SessionClient {
  userAgent: string | null;
}

/** A session just made, and the staff sign-in notice of a new device it calls for (or null). */
export interface NewSession {
  token: string;
  notice: OutgoingMail | null;
}

/**
 * Every new session is made here: signing in, registering, and whatever step completes a sign-in.
 * `secondFactorAt`: when the sign-in proved a second factor, for a sign-in that did. The notice is
 * returned, not sent: `signedIn` mails it once the caller's transaction has committed, so a sign-in
 * that rolls back tells no one of a device that never signed in.
 */
export async function createSession(db: Executor, userId: number, client: SessionClient, secondFactorAt: Date | null = null): Promise<NewSession> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
    lastUsedAt: startOfHour(now),
    device: deviceName(client.userAgent),
    secondFactorAt,
  });
  return { token, notice: await signInNotice(db, userId, deviceName(client.userAgent), now) };
}

/** The answer of a committed sign-in: its sign-in notice goes out now, and the token to the client. */
function signedIn({ session, user }: { session: NewSession; user: PublicUser }): SignedIn {
  if (session.notice) sendSoon(session.notice, "A sign-in notice could not be mailed");
  return { token: session.token, user };
}

/** The account and session a token names, noting the hour the session was used (noteSessionUsed). */
export async function actorForToken(db: Database, token: string): Promise<Actor | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      sessionId: sessions.id,
      secondFactorAt: sessions.secondFactorAt,
      lastUsedAt: sessions.lastUsedAt,
      hasSecondFactor: hasSecondFactorSql(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())));
  if (!row) return null;
  const { sessionId, secondFactorAt, lastUsedAt, hasSecondFactor, ...account } = row;
  void noteSessionUsed(db, { id: sessionId, lastUsedAt });
  return { ...account, session: { id: sessionId, secondFactorAt, hasSecondFactor } };
}

export async function revokeSession(db: Executor, token: string): Promise<void> {
  publicContentUnchanged();
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
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
 * Signs in any account (docs/product.md#sessions: `username` is the e-mail). A wrong e-mail and a wrong password get
 * the same message and take the same time, so the answer does not reveal which accounts exist. An
 * account with a second factor gets no session yet: a challenge to finish it with (issue 35).
 */
export async function login(db: Database, input: LoginInput, client: SessionClient): Promise<LoginOutcome> {
  publicContentUnchanged();
  const account = await findUserByEmail(db, input.username);
  const valid = await verifyPassword(input.password, account?.passwordHash ?? (await decoyHash()));
  if (!account || !valid) {
    if (account) await recordSignIn(db, account, false);
    throw new AppError(401, "invalidCredentials");
  }
  const methods = await secondFactorMethods(db, account.id);
  if (methods.length > 0) return { secondFactor: { challenge: await startLoginChallenge(db, account.id), methods } };
  const opened = signedIn(
    await db.transaction(async (tx) => {
      await recordSignIn(tx, account, true, "password");
      return { session: await createSession(tx, account.id, client), user: await getUser(tx, account.id) };
    }),
  );
  return secondFactorRequired(account) ? { ...opened, second_factor_enrolment_required: true } : opened;
}

/**
 * POST /api/admin/login/second-factor: the second step. A wrong proof leaves the challenge alive
 * (a mistyped code is tried again) and is recorded; a right one spends the challenge and makes the
 * session, which has proved its second factor now.
 */
export async function completeSecondFactorSignIn(
  db: Database,
  pending: PendingSignIn,
  proof: SecondFactorProofInput,
  client: SessionClient,
): Promise<SignedIn> {
  publicContentUnchanged();
  const [account] = await db.select().from(users).where(eq(users.id, pending.userId));
  if (!account) throw new AppError(401, "secondFactorChallengeInvalid");
  let kind;
  try {
    kind = await proveSecondFactor(db, account.id, proof, pending.webauthnChallenge);
  } catch (error) {
    if (error instanceof AppError && error.status === 401)
      await recordAccountAction(db, account, "account.second_factor_failed", undefined, proofKindOf(proof));
    throw error;
  }
  return signedIn(
    await db.transaction(async (tx) => {
      await consumeLoginChallenge(tx, pending);
      await recordSignIn(tx, account, true, kind);
      return { session: await createSession(tx, account.id, client, new Date()), user: await getUser(tx, account.id) };
    }),
  );
}

/**
 * Register always creates role `user`, then signs the new account in. A password easy to guess is
 * refused first, outside the transaction: judging it takes a few milliseconds of CPU.
 */
export async function register(db: Database, input: RegisterInput, client: SessionClient): Promise<SignedIn> {
  publicContentUnchanged();
  await assertStrongPassword(input.password, [input.name, input.email]);
  return signedIn(
    await db.transaction(async (tx) => {
      const user = await createUser(tx, { ...input, role: "user" });
      return { session: await createSession(tx, user.id, client), user };
    }),
  );
}
