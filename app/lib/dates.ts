/** Dates are always shown in Nepal time, whatever the server's or the reader's time zone. */
export const NEPAL_TIME_ZONE = "Asia/Kathmandu";
/** Nepal is UTC+5:45 all year (no daylight saving), so a fixed offset is exact. */
export const NEPAL_UTC_OFFSET = "+05:45";
export const NEPAL_OFFSET_MINUTES = 5 * 60 + 45;

const cardDate = new Intl.DateTimeFormat("en-US", {
  timeZone: NEPAL_TIME_ZONE,
  month: "short",
  day: "numeric",
  year: "numeric",
});

/** SPEC 9: card dates 'MMM d, yyyy'. */
export function formatCardDate(iso: string): string {
  return cardDate.format(new Date(iso));
}

/**
 * Nepali weekday names, Sunday first. Kept here rather than taken from Intl: browsers ship
 * without Nepali locale data more often than not, and the server and the page must agree.
 */
export const NEPALI_WEEKDAYS = ["आइतबार", "सोमबार", "मंगलबार", "बुधबार", "बिहीबार", "शुक्रबार", "शनिबार"] as const;
const ENGLISH_WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const weekdayInNepal = new Intl.DateTimeFormat("en-US", { timeZone: NEPAL_TIME_ZONE, weekday: "short" });

export function nepaliWeekday(date: Date): string {
  return NEPALI_WEEKDAYS[ENGLISH_WEEKDAYS.indexOf(weekdayInNepal.format(date))] ?? "";
}
const clockDate = new Intl.DateTimeFormat("en-GB", { timeZone: NEPAL_TIME_ZONE, day: "2-digit", month: "short", year: "numeric" });
const clockTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: NEPAL_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** SPEC 2 header clock, in Nepal time: Nepali weekday, 'dd MMM yyyy' and 'HH:mm:ss'. */
export function clockParts(now: Date): { weekday: string; date: string; time: string } {
  return { weekday: nepaliWeekday(now), date: clockDate.format(now), time: clockTime.format(now) };
}

const shortTime = new Intl.DateTimeFormat("en-GB", { timeZone: NEPAL_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** 'HH:mm' in Nepal time: the time of day beside an article's published and updated dates. */
export function formatNepalTime(iso: string): string {
  return shortTime.format(new Date(iso));
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: NEPAL_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** '25 Nov 2026, 14:05' in Nepal time. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** A moment as a `datetime-local` field shows it in Nepal time: "2026-11-25T18:30". */
export function toNepalLocalInput(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: NEPAL_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A `datetime-local` value (seconds optional) read as Nepal time (UTC+5:45, no daylight saving), as an instant; null if it is not one. */
export function fromNepalLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(`${value.length === 16 ? `${value}:00` : value}${NEPAL_UTC_OFFSET}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
