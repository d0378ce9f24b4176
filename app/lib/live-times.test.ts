import { describe, expect, it } from "vitest";
import { elapsedText, newUpdatesText } from "./live-times";
import { en } from "./messages";
import { ne } from "./messages.ne";
import { toDevanagariDigits } from "./nepali-calendar";

const now = new Date("2026-11-28T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe("elapsedText", () => {
  it("words minutes and hours in English, one and many", () => {
    expect(elapsedText(ago(20_000), now, en, String)).toBe("just now");
    expect(elapsedText(ago(60_000), now, en, String)).toBe("1 minute ago");
    expect(elapsedText(ago(4 * 60_000 + 59_000), now, en, String)).toBe("4 minutes ago");
    expect(elapsedText(ago(60 * 60_000), now, en, String)).toBe("1 hour ago");
    expect(elapsedText(ago(5 * 3_600_000), now, en, String)).toBe("5 hours ago");
  });

  it("writes Nepali with Devanagari digits", () => {
    expect(elapsedText(ago(4 * 60_000), now, ne, toDevanagariDigits)).toBe("४ मिनेट पहिले");
    expect(elapsedText(ago(12 * 3_600_000), now, ne, toDevanagariDigits)).toBe("१२ घण्टा पहिले");
  });

  it("leaves times past a day, or more than a minute ahead, to the exact time", () => {
    expect(elapsedText(ago(24 * 3_600_000), now, en, String)).toBeNull();
    expect(elapsedText(ago(-30_000), now, en, String)).toBe("just now");
    expect(elapsedText(ago(-120_000), now, en, String)).toBeNull();
  });
});

describe("newUpdatesText", () => {
  it("counts in the page's language", () => {
    expect(newUpdatesText(1, en, String)).toBe("1 new update");
    expect(newUpdatesText(3, en, String)).toBe("3 new updates");
    expect(newUpdatesText(3, ne, toDevanagariDigits)).toBe("३ नयाँ अपडेट");
  });
});
