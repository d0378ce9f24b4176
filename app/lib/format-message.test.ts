import { describe, expect, it } from "vitest";
import { formatMessage } from "./format-message";

describe("formatMessage", () => {
  it("fills named slots, wherever they are and however often", () => {
    expect(formatMessage('Search results for "{query}"', { query: "नेपाल" })).toBe('Search results for "नेपाल"');
    expect(formatMessage("{n} of {n}", { n: 3 })).toBe("3 of 3");
  });

  it("leaves unknown slots as they are and does not read slots inside the values", () => {
    expect(formatMessage("Page {page} of {pages}", { page: 2 })).toBe("Page 2 of {pages}");
    expect(formatMessage("{a}{b}", { a: "{b}", b: "x" })).toBe("{b}x");
  });
});
