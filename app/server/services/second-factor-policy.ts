/**
 * Who must have a second factor, and when a session must prove itself again (issue 35). The
 * enrolment gate (app/server/http/session.ts) and every action an attacker wants most ask here,
 * and nowhere else.
 */
import { eq } from "drizzle-orm";
import { REAUTHENTICATION_MINUTES, roleNeedsSecondFactor } from "~/lib/second-factor";
import type { Executor } from "../db/connection";
import { sessions } from "../db/schema";
import { AppError } from "../errors";
import { config } from "../platform/config";
import type { Actor, ActorSession } from "./actor";

const FRESH_MS = REAUTHENTICATION_MINUTES * 60_000;

/** Whether the actor's role must have a second factor (REQUIRE_SECOND_FACTOR). */
export const secondFactorRequired = (actor: Pick<Actor, "role">): boolean => roleNeedsSecondFactor(actor.role, config().requireSecondFactor);

/** A signed-in account whose role needs a second factor and that has none: it may only set one up. */
export const mustEnrolSecondFactor = (actor: Actor): boolean => actor.session !== undefined && !actor.session.hasSecondFactor && secondFactorRequired(actor);

/** The session the request came with: what proves anything needs one (a script's actor has none). */
export function sessionOf(actor: Actor): ActorSession {
  if (!actor.session) throw new AppError(403, "reauthenticationRequired");
  return actor.session;
}

/**
 * Before creating or rotating the tip line's key, changing a role, deleting a user, or turning a
 * second factor off or replacing it: the session must have proved a second factor in the last
 * REAUTHENTICATION_MINUTES (at sign-in, or again at POST /api/users/me/reauthenticate). An account
 * with no second factor (allowed when its role needs none) proves its password again instead:
 * that is all it has, and it still stops a stolen session or an unattended laptop.
 */
export function requireRecentReauthentication(actor: Actor, now = new Date()): void {
  const provedAt = sessionOf(actor).secondFactorAt;
  if (!provedAt || now.getTime() - provedAt.getTime() > FRESH_MS) throw new AppError(403, "reauthenticationRequired");
}

/**
 * Adding a second factor: an account that has one proves it again first, or a stolen session could
 * add the thief's own. An account that has none is let in for REAUTHENTICATION_MINUTES after its
 * password sign-in (the enrolment it is taken to straight away), else it proves its password
 * again: an old stolen session must not enrol a factor and so pass every re-authentication after.
 */
export async function requireFreshForEnrolment(db: Executor, actor: Actor, now = new Date()): Promise<void> {
  const session = sessionOf(actor);
  if (session.hasSecondFactor) return requireRecentReauthentication(actor, now);
  const [row] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, session.id));
  if (row && now.getTime() - row.createdAt.getTime() <= FRESH_MS) return;
  requireRecentReauthentication(actor, now);
}

/** Records that the session proved itself now: a second factor, or the password of an account without one. */
export async function markReauthenticated(db: Executor, actor: Actor, now = new Date()): Promise<Date> {
  await db.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, sessionOf(actor).id));
  return now;
}
