/**
 * A user's sessions: where they are signed in, when each was last used, ending one or all the
 * others; and the hourly purge of expired ones. Times are kept and shown to the hour.
 */
import { and, desc, eq, gt, inArray, lt, ne } from "drizzle-orm";
import type { SessionSummary } from "~/lib/api-types";
import { startOfHour } from "~/lib/dates";
import type { Database, Executor } from "../db/connection";
import { sessions } from "../db/schema";
import { AppError } from "../errors";
import { logError } from "../platform/log";
import { repeatEvery } from "../platform/repeat";
import { type Actor, requireUser } from "./actor";
import { recordAccountAction } from "./audit";
import { publicContentUnchanged } from "../cache/public-changes";

/** How the audit trail names the devices of ended sessions (like its summaries, not translated), in a stable order. */
export const devicesForAudit = (devices: string[]) =>
  devices
    .map((device) => device || "unknown device")
    .sort()
    .join(", ");

/**
 * Signs the user out everywhere but `keep` (the session making the change, or null for every
 * session): after a new password or a new second factor, a thief's session must not outlive it.
 * Returns the devices of the sessions it ended.
 */
export async function endOtherSessions(db: Executor, userId: number, keep: number | null): Promise<string[]> {
  const ended = await db
    .delete(sessions)
    .where(keep === null ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keep)))
    .returning({ device: sessions.device });
  return ended.map((session) => session.device);
}

/**
 * Moves a session's last use to this hour, at most once an hour: a request whose session was
 * already used this hour writes nothing, and the write itself is conditional, so requests racing
 * at the turn of the hour change the row once. The request does not wait for it (it would be a
 * round trip, and on the embedded database a turn on its one connection, before the first answer
 * of every hour), and its failure is only logged: a session must not stop working because its
 * hour could not be written. The promise never rejects.
 */
export function noteSessionUsed(db: Database, session: { id: number; lastUsedAt: Date }, now = new Date()): Promise<void> {
  const hour = startOfHour(now);
  if (session.lastUsedAt >= hour) return Promise.resolve();
  return db
    .update(sessions)
    .set({ lastUsedAt: hour })
    .where(and(eq(sessions.id, session.id), lt(sessions.lastUsedAt, hour)))
    .then(
      () => undefined,
      (error: unknown) => logError("Recording the hour a session was used failed", error),
    );
}

/** GET /api/users/me/sessions: the actor's live sessions, newest first, this one marked. */
export async function listSessions(db: Executor, actor: Actor | null, now = new Date()): Promise<SessionSummary[]> {
  const me = requireUser(actor);
  const rows = await db
    .select({ id: sessions.id, device: sessions.device, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .where(and(eq(sessions.userId, me.id), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    device: row.device,
    created_at: startOfHour(row.createdAt).toISOString(),
    last_used_at: startOfHour(row.lastUsedAt).toISOString(),
    current: row.id === me.session?.id,
  }));
}

/**
 * DELETE /api/users/me/sessions/{id}: signs out one of the actor's own sessions. Another user's is
 * not found, as if it did not exist. Ending another session is the audit trail's; ending this one
 * is signing out. Returns whether it was this one.
 */
export async function endSession(db: Database, actor: Actor | null, id: number): Promise<{ current: boolean }> {
  publicContentUnchanged();
  const me = requireUser(actor);
  return db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, me.id)))
      .returning({ device: sessions.device });
    if (!ended) throw new AppError(404, "sessionNotFound");
    const current = id === me.session?.id;
    if (!current) await recordAccountAction(tx, me, "session.signout", { id, label: devicesForAudit([ended.device]) });
    return { current };
  });
}

/** DELETE /api/users/me/sessions: signs out every session of the actor but this one; returns how many ended. */
export async function endSessionsElsewhere(db: Database, actor: Actor | null): Promise<number> {
  publicContentUnchanged();
  const me = requireUser(actor);
  return db.transaction(async (tx) => {
    const ended = await endOtherSessions(tx, me.id, me.session?.id ?? null);
    if (ended.length > 0) await recordAccountAction(tx, me, "session.signout_others", { id: null, label: devicesForAudit(ended) });
    return ended.length;
  });
}

/** Expired sessions deleted per statement, so that a long backlog never holds the database in one go. */
const PURGE_BATCH = 5_000;

/**
 * Deletes the sessions that expired before `now` and returns how many. Instances sharing one
 * PostgreSQL may run it at the same moment: each deletes rows no other has locked (SKIP LOCKED), so
 * none waits for another, and a row is deleted once.
 */
async function purgeExpiredSessions(db: Database, now = new Date()): Promise<number> {
  let purged = 0;
  for (;;) {
    const expired = db
      .select({ id: sessions.id })
      .from(sessions)
      .where(lt(sessions.expiresAt, now))
      .limit(PURGE_BATCH)
      .for("update", { skipLocked: true });
    const gone = await db.delete(sessions).where(inArray(sessions.id, expired)).returning({ id: sessions.id });
    purged += gone.length;
    if (gone.length < PURGE_BATCH) return purged;
  }
}

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Runs `purgeExpiredSessions` now and every hour, on every instance; returns the stop. */
export function startSessionPurge(db: () => Promise<Database>): () => Promise<void> {
  return repeatEvery(async () => purgeExpiredSessions(await db()), PURGE_EVERY_MS, "Deleting expired sessions failed; trying again in an hour");
}
