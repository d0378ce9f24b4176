import { describe, expect, it } from "vitest";
import { wrapOffset } from "./ticker";

describe("wrapOffset", () => {
  it("keeps an offset inside one copy of the list", () => {
    expect(wrapOffset(0, 500)).toBe(0);
    expect(wrapOffset(499, 500)).toBe(499);
    expect(wrapOffset(250.5, 500)).toBe(250.5);
  });

  it("starts over after one full copy, so the loop has no seam", () => {
    expect(wrapOffset(500, 500)).toBe(0);
    expect(wrapOffset(499 + 1, 500)).toBe(0);
    expect(wrapOffset(1234, 500)).toBe(234);
  });

  it("wraps negative offsets forwards", () => {
    expect(wrapOffset(-1, 500)).toBe(499);
    expect(wrapOffset(-1000, 500)).toBe(0);
  });

  it("stays at 0 while the list has no width yet", () => {
    expect(wrapOffset(42, 0)).toBe(0);
    expect(wrapOffset(42, Number.NaN)).toBe(0);
  });
});
