/**
 * Brute-force protection for the endpoints an attacker hammers. On the embedded database the
 * counters live in this process (there is one). On PostgreSQL they live in the database
 * (`useSharedRateLimits`), so that five instances do not allow five times the guesses; each keeps a
 * counter in memory to fall back on while the database is away. Stored keys are keyed hashes of
 * the address and the account, never the address or the e-mail themselves.
 */
import { createHmac } from "node:crypto";
import type { Pool } from "pg";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { MessageKey } from "~/lib/messages";
import { AppError } from "../errors";

const limit = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

interface Rule {
  name: string;
  points: number;
  duration: number;
}

/**
 * Failed sign-ins per account and address, and per address over all accounts; new accounts per
 * address. Failed second-factor codes (issue 35) per account over every address (whoever tries
 * them already has the password, and would change address), and per address.
 */
const RULES = {
  failedByAccount: { name: "login_account", points: limit("LOGIN_FAILURES_PER_ACCOUNT", 10), duration: 15 * 60 },
  failedByAddress: { name: "login_address", points: limit("LOGIN_FAILURES_PER_ADDRESS", 100), duration: 15 * 60 },
  registrations: { name: "registration", points: limit("REGISTRATIONS_PER_ADDRESS", 20), duration: 60 * 60 },
  failedCodeByAccount: { name: "second_factor_account", points: limit("SECOND_FACTOR_FAILURES_PER_ACCOUNT", 5), duration: 60 * 60 },
  failedCodeByAddress: { name: "second_factor_address", points: limit("SECOND_FACTOR_FAILURES_PER_ADDRESS", 50), duration: 60 * 60 },
  // Mail sent on a stranger's say-so (issue 40): per address, so that one client cannot mail many;
  // per e-mail, so that many clients cannot flood one inbox.
  newsletterByAddress: { name: "newsletter_address", points: limit("NEWSLETTER_SIGNUPS_PER_ADDRESS", 20), duration: 60 * 60 },
  newsletterByEmail: { name: "newsletter_email", points: limit("NEWSLETTER_SIGNUPS_PER_EMAIL", 3), duration: 60 * 60 },
  passwordResetByAddress: { name: "password_reset_address", points: limit("PASSWORD_RESETS_PER_ADDRESS", 20), duration: 60 * 60 },
  passwordResetByEmail: { name: "password_reset_email", points: limit("PASSWORD_RESETS_PER_EMAIL", 3), duration: 60 * 60 },
} satisfies Record<string, Rule>;

type Limiters = Record<keyof typeof RULES, RateLimiterAbstract>;

const inMemory = (rule: Rule) => new RateLimiterMemory({ keyPrefix: rule.name, points: rule.points, duration: rule.duration });

const limitersOf = (make: (rule: Rule) => RateLimiterAbstract): Limiters =>
  Object.fromEntries(Object.entries(RULES).map(([key, rule]) => [key, make(rule)])) as Limiters;

let limiters: Limiters = limitersOf(inMemory);
/** What a key becomes before it is counted: itself in memory, a keyed hash in the database. */
let keyOf = (key: string) => key;

/** Counts in PostgreSQL from now on, in the `rate_limits` table, hashing keys with `secret`. */
export function useSharedRateLimits(pool: Pool, secret: string): void {
  const shared = (rule: Rule) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
      keyPrefix: rule.name,
      points: rule.points,
      duration: rule.duration,
      insuranceLimiter: inMemory(rule),
    });
  limiters = limitersOf(shared);
  keyOf = (key) => createHmac("sha256", secret).update(key).digest("base64url");
}

function tooMany(res: RateLimiterRes | null, max: number): boolean {
  return res !== null && res.consumedPoints >= max;
}

/**
 * Whether a failed attempt was a wrong password: a refused sign-in (401), or a wrong current
 * password when changing it (403), which would otherwise be a way to guess it from a stolen session.
 */
const wrongPassword = (error: unknown): boolean => error instanceof AppError && (error.status === 401 || error.key === "currentPasswordIncorrect");

/**
 * Runs an attempt that guessing would use, counted against `byAccount` for `accountKey` and
 * `byAddress` for the address: refused with 429 once either has failed too often; a failure that
 * `failed` recognises counts against both, and a success clears the account's count.
 */
async function limitedAttempt<T>(
  [byAccount, byAddress]: [RateLimiterAbstract, RateLimiterAbstract],
  accountKey: string,
  ip: string,
  failed: (error: unknown) => boolean,
  attempt: () => Promise<T>,
): Promise<T> {
  const account = keyOf(accountKey);
  const address = keyOf(ip);
  const [accountCount, addressCount] = await Promise.all([byAccount.get(account), byAddress.get(address)]);
  if (tooMany(accountCount, byAccount.points) || tooMany(addressCount, byAddress.points)) throw new AppError(429, "tooManyRequests");
  try {
    const result = await attempt();
    await byAccount.delete(account);
    return result;
  } catch (error) {
    if (failed(error)) await Promise.all([byAccount.penalty(account, 1), byAddress.penalty(address, 1)]);
    throw error;
  }
}

/**
 * Runs a check of `username`'s password (a sign-in, a password change), refused with 429 once that
 * account from this address, or this address over all accounts, has failed too often.
 */
export function loginAttempt<T>(ip: string, username: string, attempt: () => Promise<T>): Promise<T> {
  return limitedAttempt([limiters.failedByAccount, limiters.failedByAddress], `${ip}|${username.toLowerCase()}`, ip, wrongPassword, attempt);
}

/** A refused second factor: a wrong code, recovery code or passkey. */
const wrongCode = (error: unknown): boolean => error instanceof AppError && error.status === 401;

/**
 * A second factor tried for account `userId` (a code, a passkey): refused with 429 once too many
 * have failed, for the account (from any address) or from the address.
 */
export function secondFactorAttempt<T>(ip: string, userId: number, attempt: () => Promise<T>): Promise<T> {
  return limitedAttempt([limiters.failedCodeByAccount, limiters.failedCodeByAddress], `account:${userId}`, ip, wrongCode, attempt);
}

export async function registration(ip: string): Promise<void> {
  try {
    await limiters.registrations.consume(keyOf(ip));
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw new AppError(429, "tooManyRequests");
    throw rejection;
  }
}

/** Counts one request against each limiter for its key; refused with 429 and `message` once any is spent. */
async function consumeEach(counted: [RateLimiterAbstract, string][], message: MessageKey): Promise<void> {
  try {
    await Promise.all(counted.map(([limiter, key]) => limiter.consume(keyOf(key))));
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw new AppError(429, message);
    throw rejection;
  }
}

/** A newsletter sign-up from `ip` for `email`, whatever becomes of it (issue 40). */
export const newsletterSignUp = (ip: string, email: string) =>
  consumeEach(
    [
      [limiters.newsletterByAddress, ip],
      [limiters.newsletterByEmail, email.toLowerCase()],
    ],
    "newsletterTooMany",
  );

/** A "forgot password" request from `ip` for `email`, whether an account uses it or not. */
export const passwordResetRequest = (ip: string, email: string) =>
  consumeEach(
    [
      [limiters.passwordResetByAddress, ip],
      [limiters.passwordResetByEmail, email.toLowerCase()],
    ],
    "tooManyRequests",
  );
