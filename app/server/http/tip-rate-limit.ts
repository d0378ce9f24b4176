/**
 * The tip line's abuse limits (issues 17 and 36, docs/tips.md "Limits"). The JSON API the
 * browser uses counts per conversation and per attachment, never per address: behind the onion
 * service every source shares the Tor daemon's address, and a limit on it let one abuser lock all
 * of them out. New conversations are paid for with proof of work instead (services/tip-puzzle.ts).
 * Only the form path without JavaScript counts per address (docs/decisions.md says why).
 *
 * Keys are hashed under a secret that lives in this process's memory only and is replaced every
 * day: the counters never hold an address or a conversation's token, and yesterday's keys cannot
 * be matched with anything, even by someone holding the process's memory today. Each instance
 * counts on its own (nothing about a source is ever written down).
 */
import { createHmac, randomBytes } from "node:crypto";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../errors";

const limit = (name: string, fallback: number) => Number(process.env[name] || fallback);
const HOUR = 60 * 60;

/** Sends, answers and codename look-ups through the page's forms, per address. */
const formActions = new RateLimiterMemory({ keyPrefix: "tip_form", points: limit("TIP_ACTIONS_PER_HOUR", 30), duration: HOUR });
/** Reading and answering one conversation. */
const conversationActions = new RateLimiterMemory({ keyPrefix: "tip_conversation", points: limit("TIP_CONVERSATION_ACTIONS_PER_HOUR", 30), duration: HOUR });
/** Attachments started for one conversation (or for the one a solved puzzle will open): five, and retries. */
const attachments = new RateLimiterMemory({ keyPrefix: "tip_attachment", points: limit("TIP_ATTACHMENTS_PER_CONVERSATION", 10), duration: HOUR });
/** Parts of one attachment while it can be sent (a day): a 25 MB attachment is 26 parts, each may be sent twice. */
const parts = new RateLimiterMemory({ keyPrefix: "tip_part", points: limit("TIP_PARTS_PER_ATTACHMENT", 52), duration: 24 * HOUR });

let secret = { day: "", key: Buffer.alloc(0) };
function keyOf(value: string, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  if (secret.day !== day) secret = { day, key: randomBytes(32) };
  return createHmac("sha256", secret.key).update(value).digest("base64url");
}

async function consume(limiter: RateLimiterMemory, value: string, now: Date): Promise<void> {
  try {
    await limiter.consume(keyOf(value, now));
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw new AppError(429, "tooManyRequests");
    throw rejection;
  }
}

/** A form sent to /tips without JavaScript, from `ip`. */
export const tipFormAction = (ip: string, now = new Date()) => consume(formActions, ip, now);
/** A look at, or an answer to, the conversation `accessToken` opens. */
export const tipConversationAction = (accessToken: unknown, now = new Date()) => consume(conversationActions, String(accessToken), now);
/** An attachment started for `owner` (services/tip-limits.ts). */
export const tipAttachmentStart = (owner: string, now = new Date()) => consume(attachments, owner, now);
/** A part of attachment `id`, sent or sent again. */
export const tipUploadPart = (id: string, now = new Date()) => consume(parts, id, now);
