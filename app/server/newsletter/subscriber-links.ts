/**
 * The links in every newsletter message that act for its reader without an account (issue 40):
 * manage lists, and leave (RFC 8058's one-click target and a mailto:). The token is the
 * subscriber's id sealed with a key the instances share, so any instance can read it and nothing
 * per reader needs storing; the site's other links carry nothing that identifies a reader.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Executor } from "../db/connection";
import { type Locale, localizePath } from "~/lib/i18n";
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
  /** The footer's page: a GET shows a button, whose POST leaves. */
  unsubscribe: string;
  /**
   * The https target of List-Unsubscribe (RFC 8058): a POST leaves at once, from whatever Origin a
   * mail provider's server posts with (a page's action would refuse a foreign one); a GET, a
   * person's click in a client without one-click, is sent on to the page with its button.
   */
  oneClick: string;
  /** The mailto: of List-Unsubscribe, for clients that write instead of posting. */
  unsubscribeMailto: string;
}

/** The links for the subscriber `token` names, to pages in `locale` (the site's default language unless given). */
export function subscriberLinks(token: string, locale?: Locale): SubscriberLinks {
  const site = config().publicUrl;
  const from = config().mail.from;
  const mailbox = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const page = (path: string) => `${site}${localizePath(path, locale ?? config().defaultLocale, config().defaultLocale)}?token=${encodeURIComponent(token)}`;
  return {
    manage: page("/newsletter/manage"),
    unsubscribe: page("/newsletter/unsubscribe"),
    oneClick: `${site}/api/newsletter/unsubscribe?${new URLSearchParams({ lang: locale ?? config().defaultLocale, token })}`,
    unsubscribeMailto: `mailto:${mailbox}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`,
  };
}
