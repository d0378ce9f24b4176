/** Dates are always shown in Nepal time (Asia/Kathmandu), whatever the server's or the reader's time zone. */

/** Nepal is UTC+5:45 all year (no daylight saving), so a fixed offset is exact. */
export const NEPAL_UTC_OFFSET = "+05:45";
export const NEPAL_OFFSET_MINUTES = 5 * 60 + 45;

/**
 * Times are worked out from the fixed offset, not with Intl's time zones: the first
 * Intl.DateTimeFormat a page makes loads the browser's locale and zone data, 50 ms of a phone's
 * main thread before the clock can hydrate (217 ms in Lighthouse's 4× slower emulation); and the
 * server's ICU and the browser's may word a date differently ("Sep" or "Sept" in en-GB).
 */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

const HOUR_MS = 60 * 60 * 1000;

/**
 * The start of the (UTC) hour of `at`: what is kept of the moments nobody needs to the second (a
 * tip's arrival, a session's last use), so that stored times cannot trace a person's day.
 */
export const startOfHour = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** A moment, as a Date or as an ISO string from the API. */
export type Instant = Date | string;

export interface NepalTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

/** The calendar day and time of day of an instant in Nepal. */
export function nepalTime(instant: Instant): NepalTime {
  const shifted = new Date(new Date(instant).getTime() + NEPAL_OFFSET_MINUTES * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

const twoDigits = (value: number) => String(value).padStart(2, "0");
const monthName = (time: NepalTime) => MONTHS[time.month - 1];
const hoursMinutes = (time: NepalTime) => `${twoDigits(time.hour)}:${twoDigits(time.minute)}`;

/** docs/product.md#limits-and-constants: card dates 'MMM d, yyyy'. */
export function formatCardDate(iso: string): string {
  const time = nepalTime(iso);
  return `${monthName(time)} ${time.day}, ${time.year}`;
}

/**
 * Nepali weekday names, Sunday first. Kept here rather than taken from Intl: browsers ship
 * without Nepali locale data more often than not, and the server and the page must agree.
 */
export const NEPALI_WEEKDAYS = ["आइतबार", "सोमबार", "मंगलबार", "बुधबार", "बिहीबार", "शुक्रबार", "शनिबार"] as const;

/** Header clock, in Nepal time (docs/product.md#the-frame-of-every-page): Nepali weekday, 'dd MMM yyyy' and 'HH:mm:ss'. */
export function clockParts(now: Date): { weekday: string; date: string; time: string } {
  const time = nepalTime(now);
  return {
    weekday: NEPALI_WEEKDAYS[time.weekday] ?? "",
    date: `${twoDigits(time.day)} ${monthName(time)} ${time.year}`,
    time: `${hoursMinutes(time)}:${twoDigits(time.second)}`,
  };
}

/** 'HH:mm' in Nepal time: the time of day beside an article's published and updated dates. */
export function formatNepalTime(iso: string): string {
  return hoursMinutes(nepalTime(iso));
}

/** '25 Nov 2026, 14:05' in Nepal time. */
export function formatDateTime(iso: string): string {
  const time = nepalTime(iso);
  return `${time.day} ${monthName(time)} ${time.year}, ${hoursMinutes(time)}`;
}

/** A moment as a `datetime-local` field shows it in Nepal time: "2026-11-25T18:30". */
export function toNepalLocalInput(iso: string): string {
  const time = nepalTime(iso);
  return `${String(time.year).padStart(4, "0")}-${twoDigits(time.month)}-${twoDigits(time.day)}T${hoursMinutes(time)}`;
}

/** A `datetime-local` value (seconds optional) read as Nepal time (UTC+5:45, no daylight saving), as an instant; null if it is not one. */
export function fromNepalLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(`${value.length === 16 ? `${value}:00` : value}${NEPAL_UTC_OFFSET}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
