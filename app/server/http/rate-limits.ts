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
import { AppError } from "../errors";

const limit = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

interface Rule {
  name: string;
  points: number;
  duration: number;
}

/** Failed sign-ins per account and address, and per address over all accounts; new accounts per address. */
const RULES = {
  failedByAccount: { name: "login_account", points: limit("LOGIN_FAILURES_PER_ACCOUNT", 10), duration: 15 * 60 },
  failedByAddress: { name: "login_address", points: limit("LOGIN_FAILURES_PER_ADDRESS", 100), duration: 15 * 60 },
  registrations: { name: "registration", points: limit("REGISTRATIONS_PER_ADDRESS", 20), duration: 60 * 60 },
} satisfies Record<string, Rule>;

type Limiters = Record<keyof typeof RULES, RateLimiterAbstract>;

const inMemory = (rule: Rule) => new RateLimiterMemory({ keyPrefix: rule.name, points: rule.points, duration: rule.duration });

let limiters: Limiters = { failedByAccount: inMemory(RULES.failedByAccount), failedByAddress: inMemory(RULES.failedByAddress), registrations: inMemory(RULES.registrations) };
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
  limiters = { failedByAccount: shared(RULES.failedByAccount), failedByAddress: shared(RULES.failedByAddress), registrations: shared(RULES.registrations) };
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
 * Runs a check of `username`'s password (a sign-in, a password change), refused with 429 once that
 * account from this address, or this address over all accounts, has failed too often.
 */
export async function loginAttempt<T>(ip: string, username: string, attempt: () => Promise<T>): Promise<T> {
  const accountKey = keyOf(`${ip}|${username.toLowerCase()}`);
  const addressKey = keyOf(ip);
  const { failedByAccount, failedByAddress } = limiters;
  const [byAccount, byAddress] = await Promise.all([failedByAccount.get(accountKey), failedByAddress.get(addressKey)]);
  if (tooMany(byAccount, failedByAccount.points) || tooMany(byAddress, failedByAddress.points)) {
    throw new AppError(429, "tooManyRequests");
  }
  try {
    const result = await attempt();
    await failedByAccount.delete(accountKey);
    return result;
  } catch (error) {
    if (wrongPassword(error)) {
      await Promise.all([failedByAccount.penalty(accountKey, 1), failedByAddress.penalty(addressKey, 1)]);
    }
    throw error;
  }
}

export async function registration(ip: string): Promise<void> {
  try {
    await limiters.registrations.consume(keyOf(ip));
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw new AppError(429, "tooManyRequests");
    throw rejection;
  }
}
