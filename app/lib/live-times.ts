/**
 * How long ago a live update was posted, in the page's language ('4 minutes ago', '४ मिनेट
 * पहिले'), and the "3 new updates" count (issue 39). Worded from the catalog with the language's
 * digits, not with Intl.RelativeTimeFormat: the first Intl formatter a page makes loads the
 * browser's locale data (docs/decisions.md, "dates without Intl").
 */
import type { Catalog } from "./messages";
import { formatMessage } from "./format-message";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Past a day, the exact time says more than '26 hours ago'. */
const DAY = 24 * HOUR;

type Digits = (value: number) => string;

/**
 * The time since `iso` in words, or null when it is more than a day ago (the exact time is shown
 * then). A time up to a minute ahead counts as just now: the reader's clock and the server's differ.
 */
export function elapsedText(iso: string, now: Date, messages: Catalog, digits: Digits): string | null {
  const elapsed = now.getTime() - new Date(iso).getTime();
  if (elapsed < -MINUTE || elapsed >= DAY) return null;
  if (elapsed < MINUTE) return messages.liveJustNow;
  const [one, many, unit] = elapsed < HOUR ? [messages.liveMinuteAgo, messages.liveMinutesAgo, MINUTE] : [messages.liveHourAgo, messages.liveHoursAgo, HOUR];
  const count = Math.floor(elapsed / unit);
  return formatMessage(count === 1 ? one : many, { count: digits(count) });
}

/** '3 new updates', '१ नयाँ अपडेट'. */
export function newUpdatesText(count: number, messages: Catalog, digits: Digits): string {
  return formatMessage(count === 1 ? messages.liveNewUpdate : messages.liveNewUpdates, { count: digits(count) });
}
