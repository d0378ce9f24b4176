import { describe, expect, it } from "vitest";
import { inferLanguage } from "./language";

describe("inferLanguage", () => {
  it("is Nepali for a Devanagari title and English otherwise", () => {
    expect(inferLanguage("नेपालको बजेट")).toBe("ne");
    expect(inferLanguage("Budget 2083: नेपाल")).toBe("ne");
    expect(inferLanguage("Where did the money go?")).toBe("en");
    expect(inferLanguage("2083")).toBe("en");
  });

  it("goes by the script, taking the preferred language only where it writes that script", () => {
    expect(inferLanguage("नेपालको बजेट", "ne")).toBe("ne");
    expect(inferLanguage("नेपालको बजेट", "en")).toBe("ne");
    expect(inferLanguage("The budget", "ne")).toBe("en");
  });
});
