import { describe, expect, it } from "vitest";
import { inferLanguage } from "./language";

describe("inferLanguage", () => {
  it("is Nepali for a Devanagari title and English otherwise", () => {
    expect(inferLanguage("नेपालको बजेट")).toBe("ne");
    expect(inferLanguage("Budget 2083: नेपाल")).toBe("ne");
    expect(inferLanguage("Where did the money go?")).toBe("en");
  });
});
