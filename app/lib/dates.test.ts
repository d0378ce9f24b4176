import { describe, expect, it } from "vitest";
import { clockParts, formatCardDate, formatDateTime, formatNepalTime, toNepalLocalInput } from "./dates";

describe("dates in Nepal time", () => {
  it("formats card dates as 'MMM d, yyyy' in Asia/Kathmandu", () => {
    expect(formatCardDate("2026-11-22T06:00:00Z")).toBe("Nov 22, 2026");
    // 18:15 UTC is midnight in Kathmandu (UTC+5:45): the next day there.
    expect(formatCardDate("2026-11-22T18:14:59Z")).toBe("Nov 22, 2026");
    expect(formatCardDate("2026-11-22T18:15:00Z")).toBe("Nov 23, 2026");
  });

  it("gives the clock a Nepali weekday, dd MMM yyyy and HH:mm:ss", () => {
    expect(clockParts(new Date("2026-11-22T08:20:05Z"))).toEqual({ weekday: "आइतबार", date: "22 Nov 2026", time: "14:05:05" });
    expect(clockParts(new Date("2026-11-22T18:15:00Z")).weekday).toBe("सोमबार");
  });

  it("words every month alike on the server and in any browser: 'Sep', where some ICU versions write 'Sept'", () => {
    expect(clockParts(new Date("2026-09-05T03:04:05Z")).date).toBe("05 Sep 2026");
    expect(formatDateTime("2026-09-05T03:04:05Z")).toBe("5 Sep 2026, 08:49");
    expect(formatCardDate("2026-09-05T03:04:05Z")).toBe("Sep 5, 2026");
  });

  it("gives times of day and datetime-local values in Nepal time, across the year's end", () => {
    expect(formatNepalTime("2026-12-31T18:14:00Z")).toBe("23:59");
    expect(formatDateTime("2026-12-31T18:15:00Z")).toBe("1 Jan 2027, 00:00");
    expect(toNepalLocalInput("2026-12-31T18:15:00Z")).toBe("2027-01-01T00:00");
  });
});
