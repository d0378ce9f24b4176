/**
 * Brute-force protection for the endpoints an attacker hammers. Counters live in this process;
 * behind several instances each instance limits on its own, which still bounds guessing.
 */
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../errors";

const limit = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** Failed sign-ins per account and address, and per address over all accounts. */
const failedByAccount = new RateLimiterMemory({ points: limit("LOGIN_FAILURES_PER_ACCOUNT", 10), duration: 15 * 60 });
const failedByAddress = new RateLimiterMemory({ points: limit("LOGIN_FAILURES_PER_ADDRESS", 100), duration: 15 * 60 });
const registrations = new RateLimiterMemory({ points: limit("REGISTRATIONS_PER_ADDRESS", 20), duration: 60 * 60 });

function tooMany(res: RateLimiterRes | null, max: number): boolean {
  return res !== null && res.consumedPoints >= max;
}

export async function loginAttempt<T>(ip: string, username: string, attempt: () => Promise<T>): Promise<T> {
  const accountKey = `${ip}|${username.toLowerCase()}`;
  const [byAccount, byAddress] = await Promise.all([failedByAccount.get(accountKey), failedByAddress.get(ip)]);
  if (tooMany(byAccount, failedByAccount.points) || tooMany(byAddress, failedByAddress.points)) {
    throw new AppError(429, "tooManyRequests");
  }
  try {
    const result = await attempt();
    await failedByAccount.delete(accountKey);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.status === 401) {
      await Promise.all([
        failedByAccount.penalty(accountKey, 1),
        failedByAddress.penalty(ip, 1),
      ]);
    }
    throw error;
  }
}

export async function registration(ip: string): Promise<void> {
  try {
    await registrations.consume(ip);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw new AppError(429, "tooManyRequests");
    throw rejection;
  }
}
