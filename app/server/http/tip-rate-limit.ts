/**
 * The tip line's abuse limit (issue 17). Keyed on a hash of the address under a secret that lives
 * in this process's memory only and is replaced every day: the counters never hold an address, and
 * yesterday's keys cannot be matched with anything, even by someone holding the process's memory
 * today. Each instance counts on its own (nothing about a source is ever written down).
 */
import { createHmac, randomBytes } from "node:crypto";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../errors";

const limit = (name: string, fallback: number) => Number(process.env[name] || fallback);
/** Sends, answers and codename look-ups per address per hour; attachment parts are counted apart. */
const ACTIONS_PER_HOUR = limit("TIP_ACTIONS_PER_HOUR", 30);
/** A 25 MB attachment is 25 parts: five of them, and some retries. */
const PARTS_PER_HOUR = limit("TIP_PARTS_PER_HOUR", 150);

const actions = new RateLimiterMemory({ keyPrefix: "tip", points: ACTIONS_PER_HOUR, duration: 60 * 60 });
const parts = new RateLimiterMemory({ keyPrefix: "tip_part", points: PARTS_PER_HOUR, duration: 60 * 60 });

let secret = { day: "", key: Buffer.alloc(0) };
function keyOf(ip: string, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  if (secret.day !== day) secret = { day, key: randomBytes(32) };
  return createHmac("sha256", secret.key).update(ip).digest("base64url");
}

async function consume(limiter: RateLimiterMemory, ip: string, now: Date): Promise<void> {
  try {
    await limiter.consume(keyOf(ip, now));
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw new AppError(429, "tooManyRequests");
    throw rejection;
  }
}

export const tipAction = (ip: string, now = new Date()) => consume(actions, ip, now);
export const tipUploadPart = (ip: string, now = new Date()) => consume(parts, ip, now);
