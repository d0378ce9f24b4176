import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEPALI_WEEKDAYS, nepalTime } from "./dates";
import {
  bsDate,
  formatBsCardDate,
  formatBsDate,
  formatRelativeNe,
  nepaliClockParts,
  readTimeNe,
  toDevanagariDigits,
} from "./nepali-calendar";

/** Process time zones to run under, with their offset (minutes, Date#getTimezoneOffset) in late November 2026. */
const ZONES = [
  ["UTC", 0],
  ["Asia/Kathmandu", -345],
  ["America/Los_Angeles", 480],
  ["Pacific/Kiritimati", -840],
] as const;

describe.each(ZONES)("with the process time zone set to %s", (zone, offset) => {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it("really runs in that zone", () => {
    expect(new Date("2026-11-22T18:15:00Z").getTimezoneOffset()).toBe(offset);
  });

  it("gives the conversions docs/product.md#nepali-text gives", () => {
    expect(formatBsDate("2026-11-22T06:00:00Z")).toBe("आइतबार, मंसिर ६, २०८३");
    expect(bsDate("2024-04-13T06:00:00Z")).toEqual({ year: 2081, month: 1, day: 1, weekday: 6 });
    expect(bsDate("2000-01-01T06:00:00Z")).toEqual({ year: 2056, month: 9, day: 17, weekday: 6 });
  });

  it("changes the day at midnight in Kathmandu, 18:15 UTC", () => {
    expect(nepalTime("2026-11-22T18:14:59Z")).toMatchObject({ year: 2026, month: 11, day: 22, hour: 23, minute: 59, second: 59 });
    expect(nepalTime("2026-11-22T18:15:00Z")).toMatchObject({ year: 2026, month: 11, day: 23, hour: 0, minute: 0 });
    expect(formatBsDate("2026-11-22T18:14:59Z")).toBe("आइतबार, मंसिर ६, २०८३");
    expect(formatBsDate("2026-11-22T18:15:00Z")).toBe("सोमबार, मंसिर ७, २०८३");
    // Just after 00:00 in Kathmandu: still the previous evening in UTC and in Los Angeles.
    expect(formatBsDate("2026-11-22T18:20:00Z")).toBe("सोमबार, मंसिर ७, २०८३");
  });

  it("changes the year at midnight before New Year's Day, 1 वैशाख 2081 (13 April 2024)", () => {
    expect(bsDate("2024-04-12T18:14:59Z")).toMatchObject({ year: 2080, month: 12 });
    expect(bsDate("2024-04-12T18:15:00Z")).toEqual({ year: 2081, month: 1, day: 1, weekday: 6 });
  });

  it("gives the clock Kathmandu's time, not the process's", () => {
    expect(nepaliClockParts(new Date("2026-11-22T18:15:00Z"))).toEqual({
      weekday: "सोमबार",
      date: "मंसिर ७, २०८३",
      time: "००:००:००",
    });
  });
});

describe("bsDate", () => {
  it("agrees with dates every Nepali knows", () => {
    // New Year's Days, 1 वैशाख.
    expect(bsDate("2023-04-14T06:00:00Z")).toEqual({ year: 2080, month: 1, day: 1, weekday: 5 });
    expect(bsDate("2025-04-14T06:00:00Z")).toEqual({ year: 2082, month: 1, day: 1, weekday: 1 });
    // The Gorkha earthquake, Saturday 12 वैशाख 2072 at 11:56 Nepal time.
    expect(bsDate("2015-04-25T06:11:00Z")).toEqual({ year: 2072, month: 1, day: 12, weekday: 6 });
    // Republic Day, 15 जेठ 2065 (Wednesday 28 May 2008); Constitution Day, 3 असोज 2072 (Sunday 20 September 2015).
    expect(bsDate("2008-05-28T06:00:00Z")).toEqual({ year: 2065, month: 2, day: 15, weekday: 3 });
    expect(bsDate("2015-09-20T06:00:00Z")).toEqual({ year: 2072, month: 6, day: 3, weekday: 0 });
  });

  it("moves one day at a time, with the weekday that dates.ts gives the English clock", () => {
    let previous = bsDate("2025-01-01T06:00:00Z");
    for (let day = 1; day < 800; day++) {
      const instant = new Date(Date.UTC(2025, 0, 1 + day, 6));
      const current = bsDate(instant);
      if (current.day === 1) {
        expect(previous.day).toBeGreaterThanOrEqual(29);
        expect(previous.day).toBeLessThanOrEqual(32);
        expect(current.month).toBe(previous.month === 12 ? 1 : previous.month + 1);
        expect(current.year).toBe(previous.month === 12 ? previous.year + 1 : previous.year);
      } else {
        expect(current).toMatchObject({ year: previous.year, month: previous.month, day: previous.day + 1 });
      }
      expect(formatBsDate(instant).split(",")[0]).toBe(NEPALI_WEEKDAYS[nepalTime(instant).weekday]);
      previous = current;
    }
  });

  it("accepts Date objects as well as ISO strings", () => {
    expect(bsDate(new Date("2026-11-22T06:00:00Z"))).toEqual(bsDate("2026-11-22T06:00:00Z"));
  });

  it("throws outside the converter's table (2000–2090 BS)", () => {
    expect(() => bsDate("2040-01-01T06:00:00Z")).toThrow(/2000\/01\/01 - 2090\/12\/30/);
  });
});

describe("formatBsCardDate", () => {
  it("writes 'month day, year' with the news sites' month names", () => {
    expect(formatBsCardDate("2026-11-22T06:00:00Z")).toBe("मंसिर ६, २०८३");
    // BS months start between the 13th and the 18th of an AD month, so each 1st falls mid-month.
    const months = [
      ["2025-01-01", "पुस", "२०८१"],
      ["2025-02-01", "माघ", "२०८१"],
      ["2025-03-01", "फागुन", "२०८१"],
      ["2025-04-01", "चैत", "२०८१"],
      ["2025-05-01", "वैशाख", "२०८२"],
      ["2025-06-01", "जेठ", "२०८२"],
      ["2025-07-01", "असार", "२०८२"],
      ["2025-08-01", "साउन", "२०८२"],
      ["2025-09-01", "भदौ", "२०८२"],
      ["2025-10-01", "असोज", "२०८२"],
      ["2025-11-01", "कात्तिक", "२०८२"],
      ["2025-12-01", "मंसिर", "२०८२"],
    ];
    for (const [day, month, year] of months) {
      expect(formatBsCardDate(`${day}T06:00:00Z`)).toMatch(new RegExp(`^${month} [०-९]{1,2}, ${year}$`));
    }
  });
});

describe("toDevanagariDigits", () => {
  it("swaps every digit and nothing else", () => {
    expect(toDevanagariDigits("0123456789")).toBe("०१२३४५६७८९");
    expect(toDevanagariDigits("14:05:09")).toBe("१४:०५:०९");
    expect(toDevanagariDigits(2083)).toBe("२०८३");
    expect(toDevanagariDigits(1234567)).toBe("१२३४५६७");
    expect(toDevanagariDigits("मंसिर 6")).toBe("मंसिर ६");
  });

  it("agrees with Node's ICU data for Nepali without grouping", () => {
    const icu = new Intl.NumberFormat("ne-NP", { useGrouping: false });
    for (const n of [0, 7, 10, 99, 2056, 2083, 65535, 1000000]) expect(toDevanagariDigits(n)).toBe(icu.format(n));
  });
});

describe("formatRelativeNe", () => {
  // Kathmandu 14:05 on 16 मंसिर 2083, ten days after 6 मंसिर (22 November).
  const now = new Date("2026-12-02T08:20:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const second = 1000;
  const minute = 60 * second;
  const hour = 60 * minute;
  const day = 24 * hour;

  it("says just now under a minute, and for clocks a little ahead", () => {
    expect(formatRelativeNe(now, now)).toBe("भर्खरै");
    expect(formatRelativeNe(ago(59 * second), now)).toBe("भर्खरै");
    expect(formatRelativeNe(ago(-30 * second), now)).toBe("भर्खरै");
  });

  it("counts whole minutes, hours and days", () => {
    expect(formatRelativeNe(ago(minute), now)).toBe("१ मिनेट पहिले");
    expect(formatRelativeNe(ago(45 * minute + 30 * second), now)).toBe("४५ मिनेट पहिले");
    expect(formatRelativeNe(ago(hour - second), now)).toBe("५९ मिनेट पहिले");
    expect(formatRelativeNe(ago(hour), now)).toBe("१ घण्टा पहिले");
    expect(formatRelativeNe(ago(3 * hour + 59 * minute), now)).toBe("३ घण्टा पहिले");
    expect(formatRelativeNe(ago(day - second), now)).toBe("२३ घण्टा पहिले");
    expect(formatRelativeNe(ago(day), now)).toBe("१ दिन पहिले");
    expect(formatRelativeNe(ago(7 * day - second), now)).toBe("६ दिन पहिले");
  });

  it("gives the date from a week on, and for anything further ahead", () => {
    expect(formatRelativeNe(ago(7 * day), now)).toBe("मंसिर ९, २०८३");
    expect(formatRelativeNe("2026-11-22T06:00:00Z", now)).toBe("मंसिर ६, २०८३");
    expect(formatRelativeNe(ago(-2 * minute), now)).toBe("मंसिर १६, २०८३");
  });
});

describe("readTimeNe", () => {
  it("writes the minutes in Devanagari", () => {
    expect(readTimeNe(5)).toBe("५ मिनेट पढ्न");
    expect(readTimeNe(12)).toBe("१२ मिनेट पढ्न");
  });
});

describe("nepaliClockParts", () => {
  it("gives the weekday, the BS date and HH:mm:ss in Devanagari, in Nepal time", () => {
    expect(nepaliClockParts(new Date("2026-11-22T08:20:05Z"))).toEqual({
      weekday: "आइतबार",
      date: "मंसिर ६, २०८३",
      time: "१४:०५:०५",
    });
  });
});
