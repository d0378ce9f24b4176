import { describe, expect, it } from "vitest";
import { slugOrFallback, slugify, uniqueSlug } from "./slug";

describe("slugify", () => {
  it("gives the spec's result for ASCII titles", () => {
    expect(slugify("Hello, World! 2024")).toBe("hello-world-2024");
    expect(slugify("  --Budget: Where did the money go?--  ")).toBe("budget-where-did-the-money-go");
    expect(slugify("A&B")).toBe("a-b");
  });

  it("keeps Devanagari titles readable", () => {
    expect(slugify("नेपालको बजेट: कहाँ गयो पैसा?")).toBe("नेपालको-बजेट-कहाँ-गयो-पैसा");
    expect(slugify("२०८३ सालको बजेट")).toBe("२०८३-सालको-बजेट");
  });

  it("drops ZWJ/ZWNJ and normalises to NFC so the same word gives the same slug", () => {
    expect(slugify("क्\u200Dष")).toBe(slugify("क्ष"));
    expect(slugify("क\u093C")).toBe(slugify("\u0958"));
  });

  it("never returns an empty slug with a fallback", () => {
    expect(slugify("?!…")).toBe("");
    expect(slugOrFallback("?!…", "article")).toBe("article");
  });
});

describe("uniqueSlug", () => {
  it("adds the first free numeric suffix", async () => {
    const taken = new Set(["budget", "budget-2"]);
    expect(await uniqueSlug("budget", async (s) => taken.has(s))).toBe("budget-3");
    expect(await uniqueSlug("audit", async (s) => taken.has(s))).toBe("audit");
  });
});
