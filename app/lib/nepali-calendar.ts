/**
 * Bikram Sambat dates, Devanagari digits and relative times for the Nepali interface. Everything is
 * computed in Nepal time, so the server's render and the browser's hydration agree whatever zone
 * either of them runs in.
 */
import NepaliDate from "nepali-date-converter";
import { type Instant, NEPALI_WEEKDAYS, clockParts, formatNepalTime, nepalTime } from "./dates";

const DEVANAGARI_ZERO = 0x0966;

/**
 * Swaps ASCII digits for Devanagari ones and leaves everything else alone, so it serves numbers,
 * years ('२०८३', never grouped) and times ('१४:०५:०५') alike. A plain character swap rather than
 * Intl.NumberFormat('ne-NP'): browsers without Nepali locale data would silently fall back to
 * Latin digits and break hydration, and the interface shows no number that needs grouping.
 */
export function toDevanagariDigits(value: number | string): string {
  return String(value).replace(/[0-9]/g, (digit) => String.fromCharCode(DEVANAGARI_ZERO + Number(digit)));
}

/**
 * Month names as Nepali news sites write them (साउन, not the converter's Sanskrit श्रावण), and the
 * dictionary's वैशाख rather than the colloquial बैशाख.
 */
const BS_MONTHS = ["वैशाख", "जेठ", "असार", "साउन", "भदौ", "असोज", "कात्तिक", "मंसिर", "पुस", "माघ", "फागुन", "चैत"] as const;

export interface BsDate {
  year: number;
  /** 1 = वैशाख … 12 = चैत */
  month: number;
  day: number;
  /** 0 = आइतबार (Sunday) … 6 = शनिबार */
  weekday: number;
}

/**
 * The Bikram Sambat date of an instant in Nepal. The converter's table covers 2000–2090 BS
 * (1943–2034 AD) and throws outside it.
 */
export function bsDate(instant: Instant): BsDate {
  const { year, month, day } = nepalTime(instant);
  // The converter reads the local calendar fields of the Date it is given, so hand it Kathmandu's
  // day as a local date. Noon, because some zones skip midnight when daylight saving starts.
  const localDay = new Date(year, month - 1, day, 12);
  const bs = new NepaliDate(localDay).getBS();
  return { year: bs.year, month: bs.month + 1, day: bs.date, weekday: localDay.getDay() };
}

function monthDayYear(bs: BsDate): string {
  return `${BS_MONTHS[bs.month - 1]} ${toDevanagariDigits(bs.day)}, ${toDevanagariDigits(bs.year)}`;
}

/** Full date: 'आइतबार, मंसिर ६, २०८३'. */
export function formatBsDate(instant: Instant): string {
  const bs = bsDate(instant);
  return `${NEPALI_WEEKDAYS[bs.weekday]}, ${monthDayYear(bs)}`;
}

/** Card date, the Nepali counterpart of 'MMM d, yyyy': 'मंसिर ६, २०८३'. */
export function formatBsCardDate(instant: Instant): string {
  return monthDayYear(bsDate(instant));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/**
 * Counting stops at a week: '६ दिन पहिले' is still quicker to grasp than a date, while
 * '२३ दिन पहिले' makes the reader do the arithmetic that the date spares them.
 */
const RELATIVE_DAYS = 7;

/**
 * '३ घण्टा पहिले', 'भर्खरै' under a minute, then minutes, hours and days, then the card date.
 * `now` is a parameter so that the server and the hydrating browser can agree on it. A time up to a
 * minute ahead counts as just now (clocks differ); anything further ahead gets its date.
 */
export function formatRelativeNe(instant: Instant, now: Date): string {
  const elapsed = now.getTime() - new Date(instant).getTime();
  if (elapsed < -MINUTE) return formatBsCardDate(instant);
  if (elapsed < MINUTE) return "भर्खरै";
  if (elapsed < HOUR) return `${toDevanagariDigits(Math.floor(elapsed / MINUTE))} मिनेट पहिले`;
  if (elapsed < DAY) return `${toDevanagariDigits(Math.floor(elapsed / HOUR))} घण्टा पहिले`;
  if (elapsed < RELATIVE_DAYS * DAY) return `${toDevanagariDigits(Math.floor(elapsed / DAY))} दिन पहिले`;
  return formatBsCardDate(instant);
}

/** The Nepali counterpart of '{n} min read': '५ मिनेट पढ्न'. */
export function readTimeNe(minutes: number): string {
  return `${toDevanagariDigits(minutes)} मिनेट पढ्न`;
}

/** The header clock of the Nepali interface: Nepali weekday, BS date and HH:mm:ss in Devanagari digits. */
export function nepaliClockParts(now: Date): { weekday: string; date: string; time: string } {
  const { weekday, time } = clockParts(now);
  return { weekday, date: formatBsCardDate(now), time: toDevanagariDigits(time) };
}

/** The Nepali counterpart of formatDateTime: 'मंसिर ९, २०८३, १४:०५'. */
export function formatBsDateTime(instant: Instant): string {
  return `${formatBsCardDate(instant)}, ${toDevanagariDigits(formatNepalTime(new Date(instant).toISOString()))}`;
}
