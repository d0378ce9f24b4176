/** A user's sessions: where they are signed in, and ending them. */
import { and, eq, ne } from "drizzle-orm";
import type { Executor } from "../db/connection";
import { sessions } from "../db/schema";

/**
 * Signs the user out everywhere but `keep` (the session making the change, or null for every
 * session): after a new password or a new second factor, a thief's session must not outlive it.
 */
export async function endOtherSessions(db: Executor, userId: number, keep: number | null): Promise<void> {
  await db.delete(sessions).where(keep === null ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keep)));
}
