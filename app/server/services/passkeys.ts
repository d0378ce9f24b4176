/**
 * Passkeys (issue 35): WebAuthn credentials, registered and checked with @simplewebauthn/server.
 * The relying party is the site at PUBLIC_URL: its host name is the rpID, its origin the only
 * origin accepted. Only public keys are stored. A passkey is a second factor here (the password
 * comes first), so the authenticator's user verification is asked for, not required.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, eq } from "drizzle-orm";
import { en } from "~/lib/messages";
import { type PasskeyInfo, SECOND_FACTOR_CHALLENGE_MINUTES } from "~/lib/second-factor";
import type { PasskeyRegistrationInput } from "~/lib/second-factor-schemas";
import type { Database, Executor } from "../db/connection";
import { passkeyChallenges, passkeys } from "../db/schema";
import { AppError } from "../errors";
import { config } from "../platform/config";
import { type Actor, requireUser } from "./actor";
import { recordAccountAction } from "./audit";
import { issueRecoveryCodes } from "./recovery-codes";
import { markReauthenticated, requireFreshForEnrolment, requireRecentReauthentication, sessionOf } from "./second-factor-policy";
import { dropRecoveryCodesWithoutFactor, hasSecondFactor } from "./second-factor-state";
import { endOtherSessions } from "./sessions";
import { publicContentUnchanged } from "../cache/public-changes";

/** Loaded when a passkey is first used, not at every start (docs/decisions.md#2026-11-29-start-up-loads-what-it-uses-issue-37). */
const webauthn = () => import("@simplewebauthn/server");

/** The site as WebAuthn knows it, from PUBLIC_URL. */
function relyingParty(): { id: string; origin: string; name: string } {
  const url = new URL(config().publicUrl);
  return { id: url.hostname, origin: url.origin, name: en.siteName };
}

type PasskeyRow = typeof passkeys.$inferSelect;

const transportsOf = (row: Pick<PasskeyRow, "transports">) => (row.transports ? row.transports.split(",") : []);

const toInfo = (row: PasskeyRow): PasskeyInfo => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

const CHALLENGE_MS = SECOND_FACTOR_CHALLENGE_MINUTES * 60_000;

/** Keeps the WebAuthn challenge a session was given, replacing any earlier one for the same purpose. */
async function keepSessionChallenge(db: Executor, sessionId: number, purpose: "register" | "reauthenticate", challenge: string): Promise<void> {
  const expiresAt = new Date(Date.now() + CHALLENGE_MS);
  await db
    .insert(passkeyChallenges)
    .values({ sessionId, purpose, challenge, expiresAt })
    .onConflictDoUpdate({ target: [passkeyChallenges.sessionId, passkeyChallenges.purpose], set: { challenge, expiresAt } });
}

/** The session's challenge for `purpose`, spent: each is answered once. */
export async function takeSessionChallenge(db: Executor, sessionId: number, purpose: "register" | "reauthenticate"): Promise<string> {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.sessionId, sessionId), eq(passkeyChallenges.purpose, purpose)))
    .returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) throw new AppError(400, "passkeyChallengeExpired");
  return row.challenge;
}

/** POST /api/users/me/passkeys/options: what the browser's navigator.credentials.create() needs. */
export async function passkeyRegistrationOptions(db: Database, actor: Actor | null): Promise<PublicKeyCredentialCreationOptionsJSON> {
  publicContentUnchanged();
  const me = requireUser(actor);
  const session = sessionOf(me);
  await requireFreshForEnrolment(db, me);
  const existing = await db.select().from(passkeys).where(eq(passkeys.userId, me.id));
  const party = relyingParty();
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: party.name,
    rpID: party.id,
    userName: me.email,
    userDisplayName: me.name,
    // The same handle every time, so that a device replaces the account's passkey rather than adding a second.
    userID: new TextEncoder().encode(`user-${me.id}`),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await keepSessionChallenge(db, session.id, "register", options.challenge);
  return options;
}

/**
 * POST /api/users/me/passkeys: the browser's answer to the options, checked and stored. The
 * account's first second factor also brings its recovery codes (shown this once) and ends every
 * other session, as authenticator codes do.
 */
export async function registerPasskey(
  db: Database,
  actor: Actor | null,
  input: PasskeyRegistrationInput,
): Promise<{ passkey: PasskeyInfo; recovery_codes?: string[] }> {
  publicContentUnchanged();
  const me = requireUser(actor);
  const session = sessionOf(me);
  const expectedChallenge = await takeSessionChallenge(db, session.id, "register");
  const party = relyingParty();
  const { verifyRegistrationResponse } = await webauthn();
  let registration;
  try {
    registration = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      requireUserVerification: false,
    });
  } catch {
    throw new AppError(400, "passkeyRejected");
  }
  if (!registration.verified) throw new AppError(400, "passkeyRejected");
  const { credential } = registration.registrationInfo;
  return db.transaction(async (tx) => {
    const first = !(await hasSecondFactor(tx, me.id));
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: me.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(","),
        name: input.name ?? "",
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(409, "conflict");
    const recoveryCodes = first ? await issueRecoveryCodes(tx, me.id) : undefined;
    if (first) await endOtherSessions(tx, me.id, session.id);
    await markReauthenticated(tx, me);
    await recordAccountAction(tx, me, "account.second_factor_on", undefined, `webauthn ${row.name}`.trim());
    return recoveryCodes ? { passkey: toInfo(row), recovery_codes: recoveryCodes } : { passkey: toInfo(row) };
  });
}

/** GET /api/users/me/passkeys: the account's passkeys, oldest first. */
export async function listPasskeys(db: Executor, actor: Actor | null): Promise<PasskeyInfo[]> {
  const me = requireUser(actor);
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, me.id)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toInfo);
}

/** PUT /api/users/me/passkeys/{id}: a new name; only one's own passkeys. */
export async function renamePasskey(db: Executor, actor: Actor | null, id: number, name: string): Promise<PasskeyInfo> {
  publicContentUnchanged();
  const me = requireUser(actor);
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, me.id)))
    .returning();
  if (!row) throw new AppError(404, "passkeyNotFound");
  return toInfo(row);
}

/** DELETE /api/users/me/passkeys/{id}: needs a fresh second factor. */
export async function deletePasskey(db: Database, actor: Actor | null, id: number): Promise<void> {
  publicContentUnchanged();
  const me = requireUser(actor);
  requireRecentReauthentication(me);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, me.id)))
      .returning();
    if (!row) throw new AppError(404, "passkeyNotFound");
    await dropRecoveryCodesWithoutFactor(tx, me.id);
    await recordAccountAction(tx, me, "account.second_factor_off", undefined, `webauthn ${row.name}`.trim());
  });
}

/** What navigator.credentials.get() needs to sign in as `userId` with one of its passkeys. */
export async function passkeyAuthenticationOptions(db: Executor, userId: number): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const mine = await db.select().from(passkeys).where(eq(passkeys.userId, userId));
  if (mine.length === 0) throw new AppError(400, "passkeyNone");
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: relyingParty().id,
    allowCredentials: mine.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    userVerification: "preferred",
  });
}

/** The reauthentication's options, kept for the session that asked. */
export async function reauthenticationPasskeyOptions(db: Executor, actor: Actor | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
  publicContentUnchanged();
  const me = requireUser(actor);
  const options = await passkeyAuthenticationOptions(db, me.id);
  await keepSessionChallenge(db, sessionOf(me).id, "reauthenticate", options.challenge);
  return options;
}

/**
 * Checks a passkey's signed answer to `expectedChallenge`: one of the account's passkeys, signed
 * for this site, its counter moving forward (a cloned authenticator repeats it).
 */
export async function verifyPasskeyAssertion(db: Executor, userId: number, response: AuthenticationResponseJSON, expectedChallenge: string | null): Promise<void> {
  if (!expectedChallenge) throw new AppError(401, "passkeyRejected");
  const [key] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, response.id)));
  if (!key) throw new AppError(401, "passkeyRejected");
  const party = relyingParty();
  const { verifyAuthenticationResponse } = await webauthn();
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      credential: { id: key.credentialId, publicKey: new Uint8Array(key.publicKey), counter: key.counter, transports: transportsOf(key) },
      requireUserVerification: false,
    });
  } catch {
    throw new AppError(401, "passkeyRejected");
  }
  if (!result.verified) throw new AppError(401, "passkeyRejected");
  await db.update(passkeys).set({ counter: result.authenticationInfo.newCounter, lastUsedAt: new Date() }).where(eq(passkeys.id, key.id));
}
