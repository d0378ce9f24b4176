/**
 * The links in every newsletter message that act for its reader without an account (issue 40):
 * manage lists, and leave (RFC 8058's one-click target and a mailto:). The token is the
 * subscriber's id sealed with a key the instances share, so any instance can read it and nothing
 * per reader needs storing; the site's other links carry nothing that identifies a reader.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Executor } from "../db/connection";
import { config } from "../platform/config";
import { sharedSecret } from "../services/shared-secrets";

async function linkKey(db: Executor): Promise<Buffer> {
  return Buffer.from(await sharedSecret(db, "newsletter_link_key"), "base64url");
}

function seal(key: Buffer, subscriberId: number): string {
  return createHmac("sha256", key).update(`subscriber:${subscriberId}`).digest().subarray(0, 18).toString("base64url");
}

export async function subscriberToken(db: Executor, subscriberId: number): Promise<string> {
  return `${subscriberId}.${seal(await linkKey(db), subscriberId)}`;
}

/** subscriberToken for many subscribers (a newsletter send): the key is read once, not once per reader. */
export async function subscriberTokens(db: Executor): Promise<(subscriberId: number) => string> {
  const key = await linkKey(db);
  return (subscriberId) => `${subscriberId}.${seal(key, subscriberId)}`;
}

/** The subscriber a token names, or undefined for anything forged, altered or malformed. */
export async function subscriberOfToken(db: Executor, token: string): Promise<number | undefined> {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{24})$/.exec(token);
  if (!match) return undefined;
  const subscriberId = Number(match[1]);
  const expected = Buffer.from(seal(await linkKey(db), subscriberId));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? subscriberId : undefined;
}

export interface SubscriberLinks {
  manage: string;
  /** The https target of List-Unsubscribe: a GET shows a page with a button, a POST leaves at once. */
  unsubscribe: string;
  /** The mailto: of List-Unsubscribe, for clients that write instead of posting. */
  unsubscribeMailto: string;
}

export function subscriberLinks(token: string): SubscriberLinks {
  const site = config().publicUrl;
  const from = config().mail.from;
  const mailbox = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return {
    manage: `${site}/newsletter/manage?token=${encodeURIComponent(token)}`,
    unsubscribe: `${site}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
    unsubscribeMailto: `mailto:${mailbox}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`,
  };
}
