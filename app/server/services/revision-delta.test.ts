import { describe, expect, it } from "vitest";
import { applyDelta, deltaBetween } from "./revision-delta";

describe("revision deltas", () => {
  const long = Array.from({ length: 400 }, (_, i) => `<p>अनुच्छेद ${i}: the procurement file of ward ${i} was never published.</p>`).join("");

  it("give back the revision exactly, in English and Nepali, across surrogate pairs", () => {
    const pairs: [string, string][] = [
      ["", "<p>नयाँ</p>"],
      ["<p>Old</p>", ""],
      [long, long.replace("ward 17", "वडा १७").replace("never", "finally")],
      ["a😀b", "a😁b"],
      [long, `<h2>Lead</h2>${long}<p>End</p>`],
    ];
    for (const [from, to] of pairs) expect(applyDelta(from, deltaBetween(from, to))).toBe(to);
  });

  it("cost a few bytes for a small edit of a long story", () => {
    const edited = long.replace("ward 200", "ward two hundred");
    const delta = JSON.stringify(deltaBetween(long, edited));
    expect(delta.length).toBeLessThan(60);
    expect(long.length).toBeGreaterThan(25_000);
  });

  it("refuse a delta that does not belong to the text", () => {
    expect(() => applyDelta("short", [100])).toThrow();
  });
});
