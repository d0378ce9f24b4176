import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../limits";
import { catalogFor, loadCatalog, missingTexts } from "../i18n";
import { en as englishCatalog } from "../messages";
import { LANGUAGE_CONFIGS, SEARCH_CONFIGURATIONS, catalogChain, languageConfig } from ".";

const instant = "2026-11-25T08:35:00.000Z"; // 14:20 in Kathmandu, 9 Mangsir 2083

describe("the language configs", () => {
  it("are found in their folders, Nepali first, and are LANGUAGES", () => {
    expect(LANGUAGE_CONFIGS.map((language) => language.code)).toEqual(["ne", "en"]);
    expect(LANGUAGES).toEqual(["ne", "en"]);
    expect(() => languageConfig("fr")).toThrow(/not one of the site's languages/);
  });

  it("give every language every interface text, its own or its fallback's", async () => {
    for (const code of LANGUAGES) {
      await loadCatalog(code);
      expect(Object.keys(catalogFor(code)).sort(), code).toEqual(Object.keys(englishCatalog).sort());
      expect(catalogChain(code)).toEqual([code]);
      expect(missingTexts(code)).toEqual([]);
    }
  });

  it("stem each language's articles with its own search configuration", () => {
    expect(SEARCH_CONFIGURATIONS).toEqual(["nepali", "english"]);
  });

  it("English: the spec's dates in Nepal time, Western digits, no relative dates", () => {
    const en = languageConfig("en");
    expect([en.tag, en.ogLocale, en.calendar, en.script, en.direction]).toEqual(["en", "en_US", "gregorian", "Latin", "ltr"]);
    expect(en.formatCardDate(instant)).toBe("Nov 25, 2026");
    expect(en.formatDateTime(instant)).toBe("25 Nov 2026, 14:20");
    expect(en.formatNumber(2083)).toBe("2083");
    expect(en.formatRelative).toBeUndefined();
    expect(en.clockParts(new Date(instant))).toEqual({ weekday: "बुधबार", date: "25 Nov 2026", time: "14:20:00" });
  });

  it("Nepali: Bikram Sambat dates in Nepal time, Devanagari digits, recent dates in words", () => {
    const ne = languageConfig("ne");
    expect([ne.tag, ne.ogLocale, ne.calendar, ne.script, ne.direction]).toEqual(["ne-NP", "ne_NP", "bikram-sambat", "Devanagari", "ltr"]);
    expect(ne.formatCardDate(instant)).toBe("मंसिर ९, २०८३");
    expect(ne.formatDateTime(instant)).toBe("मंसिर ९, २०८३, १४:२०");
    // A scheduled story's time in both calendars.
    expect(ne.formatScheduleTime(instant)).toBe("मंसिर ९, २०८३, १४:२० (25 Nov 2026, 14:20)");
    expect(ne.formatNumber(2083)).toBe("२०८३");
    expect(ne.formatRelative?.(instant, new Date("2026-11-25T11:35:00.000Z"))).toBe("३ घण्टा पहिले");
    expect(ne.clockParts(new Date(instant))).toEqual({ weekday: "बुधबार", date: "मंसिर ९, २०८३", time: "१४:२०:००" });
  });
});
