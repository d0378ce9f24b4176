import { describe, expect, it } from "vitest";
import { clockParts, formatCardDate } from "./dates";

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
});
