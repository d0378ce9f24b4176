import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { startOfHour } from "~/lib/dates";
import type { PublicUser } from "~/lib/api-types";
import type { LoginInput, RegisterInput } from "~/lib/schemas";
import type { Database, Executor } from "../db/connection";
import { sessions, users } from "../db/schema";
import { AppError } from "../errors";
import { recordSignIn } from "./audit";
import type { Actor } from "./actor";
import { deviceName } from "./device-names";
import { assertStrongPassword } from "./password-strength";
import { decoyHash, verifyPassword } from "./passwords";
import { noteSessionUsed } from "./sessions";
import { createUser, findUserByEmail, getUser } from "./users";
import { publicContentUnchanged } from "../cache/public-changes";

export const SESSION_COOKIE = "session";
export const SESSION_DAYS = 30;

/** Only a hash is stored, so a leaked database does not hand out live sessions. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** What a new session knows of the client that opened it; of its user agent, only a coarse device name is kept. */
export interface SessionClient {
  userAgent: string | null;
}

/** Every new session is made here: signing in, registering, and whatever step completes a sign-in. */
export async function createSession(db: Executor, userId: number, client: SessionClient): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
    lastUsedAt: startOfHour(now),
    device: deviceName(client.userAgent),
  });
  return token;
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
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())));
  if (!row) return null;
  const { sessionId, secondFactorAt, lastUsedAt, ...account } = row;
  void noteSessionUsed(db, { id: sessionId, lastUsedAt });
  return { ...account, session: { id: sessionId, secondFactorAt } };
}

export async function revokeSession(db: Executor, token: string): Promise<void> {
  publicContentUnchanged();
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/**
 * Signs in any account (DESIGN: `username` is the e-mail). A wrong e-mail and a wrong password get
 * the same message and take the same time, so the answer does not reveal which accounts exist.
 */
export async function login(db: Database, input: LoginInput, client: SessionClient): Promise<{ token: string; user: PublicUser }> {
  publicContentUnchanged();
  const account = await findUserByEmail(db, input.username);
  const valid = await verifyPassword(input.password, account?.passwordHash ?? (await decoyHash()));
  if (!account || !valid) {
    if (account) await recordSignIn(db, account, false);
    throw new AppError(401, "invalidCredentials");
  }
  return db.transaction(async (tx) => {
    await recordSignIn(tx, account, true);
    return { token: await createSession(tx, account.id, client), user: await getUser(tx, account.id) };
  });
}

/**
 * Register always creates role `user`, then signs the new account in. A password easy to guess is
 * refused first, outside the transaction: judging it takes a few milliseconds of CPU.
 */
export async function register(db: Database, input: RegisterInput, client: SessionClient): Promise<{ token: string; user: PublicUser }> {
  publicContentUnchanged();
  await assertStrongPassword(input.password, [input.name, input.email]);
  return db.transaction(async (tx) => {
    const user = await createUser(tx, { ...input, role: "user" });
    return { token: await createSession(tx, user.id, client), user };
  });
}
