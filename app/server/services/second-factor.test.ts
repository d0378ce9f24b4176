/** The time rules of second factors (issue 35), on a clock the test sets: what the API tests cannot wait for. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import { loginChallenges } from "../db/schema";
import { AppError } from "../errors";
import type { Actor } from "./actor";
import { consumeLoginChallenge, findLoginChallenge, startLoginChallenge } from "./login-challenges";
import { requireRecentReauthentication } from "./second-factor-policy";
import { createUser } from "./users";

const MINUTE = 60_000;

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? `${error.status} ${error.key}` : String(error);
  }
  return "allowed";
};

const rejection = (pending: Promise<unknown>) =>
  pending.then(
    () => "allowed",
    (error: unknown) => (error instanceof AppError ? `${error.status} ${error.key}` : String(error)),
  );

describe("re-authentication", () => {
  const now = new Date("2026-11-27T10:00:00Z");
  const admin = (secondFactorAt: Date | null, withSession = true): Actor => ({
    id: 1,
    name: "An Admin",
    email: "admin@example.com",
    role: "admin",
    session: withSession ? { id: 7, secondFactorAt, hasSecondFactor: true } : undefined,
  });

  it("accepts a second factor proved up to five minutes ago", () => {
    expect(refusal(() => requireRecentReauthentication(admin(now), now))).toBe("allowed");
    expect(refusal(() => requireRecentReauthentication(admin(new Date(now.getTime() - 5 * MINUTE)), now))).toBe("allowed");
  });

  it("refuses one proved longer ago, one never proved, and an actor without a session", () => {
    expect(refusal(() => requireRecentReauthentication(admin(new Date(now.getTime() - 5 * MINUTE - 1000)), now))).toBe("403 reauthenticationRequired");
    expect(refusal(() => requireRecentReauthentication(admin(null), now))).toBe("403 reauthenticationRequired");
    expect(refusal(() => requireRecentReauthentication(admin(now, false), now))).toBe("403 reauthenticationRequired");
  });
});

describe("a sign-in's second-factor challenge", () => {
  let handle: DatabaseHandle;
  let userId: number;

  beforeAll(async () => {
    handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
    userId = (await createUser(handle.db, { name: "An Editor", email: "editor@example.com", password: "editor-password-1", role: "editor" })).id;
  });

  afterAll(() => handle.close());

  it("lives five minutes, bound to its account", async () => {
    const start = new Date();
    const challenge = await startLoginChallenge(handle.db, userId, start);
    expect(await findLoginChallenge(handle.db, challenge, new Date(start.getTime() + 5 * MINUTE - 1000))).toMatchObject({ userId });
    expect(await rejection(findLoginChallenge(handle.db, challenge, new Date(start.getTime() + 5 * MINUTE + 1000)))).toBe("401 secondFactorChallengeInvalid");
  });

  it("finishes one sign-in at most", async () => {
    const pending = await findLoginChallenge(handle.db, await startLoginChallenge(handle.db, userId));
    await consumeLoginChallenge(handle.db, pending);
    expect(await rejection(consumeLoginChallenge(handle.db, pending))).toBe("401 secondFactorChallengeInvalid");
  });

  it("is found by nothing but itself: another string, or a challenge's hash, names no sign-in", async () => {
    const challenge = await startLoginChallenge(handle.db, userId);
    expect(await rejection(findLoginChallenge(handle.db, `${challenge}x`))).toBe("401 secondFactorChallengeInvalid");
    const stored = await handle.db.select({ tokenHash: loginChallenges.tokenHash }).from(loginChallenges);
    expect(stored.map((row) => row.tokenHash)).not.toContain(challenge);
    expect(await rejection(findLoginChallenge(handle.db, stored[0]!.tokenHash))).toBe("401 secondFactorChallengeInvalid");
  });
});
