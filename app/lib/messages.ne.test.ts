import { describe, expect, it } from "vitest";
import { formatMessage } from "./format-message";
import { type MessageKey, en } from "./messages";
import { ne } from "./messages.ne";

/**
 * Latin words a Nepali message may keep. File extensions and URL schemes are what the user must
 * type or pick, so translating them would mislead; "data" is the scheme of a data URL; URL, JSON,
 * PDF, JPEG, PNG and WebP are format names with no Nepali equivalent in use. Anything else in
 * Latin is an untranslated leftover.
 */
const LATIN_ALLOWED = new Set(["jpg", "jpeg", "png", "mp4", "http", "https", "data", "URL", "JSON", "PDF", "JPEG", "PNG", "WebP"]);

// Site paths shown to admins are addresses to type, not prose.
const SITE_PATH = /\/(?:category|tag)\/slug/g;

const slots = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const keys = Object.keys(en) as MessageKey[];

describe("Nepali catalog", () => {
  it("has exactly the English keys, in the same order", () => {
    expect(Object.keys(ne)).toEqual(Object.keys(en));
  });

  describe.each(keys)("%s", (key) => {
    const text = ne[key];

    it("is a non-empty Devanagari message", () => {
      expect(text.trim()).not.toBe("");
      expect(text).toMatch(/\p{Script=Devanagari}/u);
    });

    it("has the English slots, each as often", () => {
      expect(slots(text)).toEqual(slots(en[key]));
    });

    it("keeps no Latin words but the allowed ones, and writes numbers in Devanagari digits", () => {
      const prose = text.replace(SITE_PATH, "").replace(/\{\w+\}/g, "");
      const latin = prose.match(/[A-Za-z][A-Za-z0-9]*/g) ?? [];
      expect(latin.filter((word) => !LATIN_ALLOWED.has(word))).toEqual([]);
      expect(prose.replace(/[A-Za-z][A-Za-z0-9]*/g, "")).not.toMatch(/[0-9]/);
    });
  });

  it("gives the read time in the issue's wording", () => {
    expect(formatMessage(ne.minRead, { n: "५" })).toBe("५ मिनेट पढ्न");
  });

  it("writes the spec's limits in Devanagari digits", () => {
    expect(ne.metaTitleTooLong).toContain("१०००");
    expect(ne.passwordTooShort).toContain("८");
  });

  it("keeps the link to the Nepali edition as the English catalog already words it", () => {
    expect(ne.readInNepali).toBe(en.readInNepali);
  });
});
