import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../limits";
import { catalogFor, loadCatalog } from "../i18n";
import { en as englishCatalog } from "../messages";
import { languages } from ".";

const instant = "2026-11-25T08:35:00.000Z"; // 14:20 in Kathmandu, 9 Mangsir 2083

describe("the language configs", () => {
  it("exist for every language, each with every interface text and a link to a translation in every language", async () => {
    expect(Object.keys(languages).sort()).toEqual([...LANGUAGES].sort());
    for (const code of LANGUAGES) {
      await loadCatalog(code);
      expect(Object.keys(catalogFor(code)), code).toEqual(Object.keys(englishCatalog));
      expect(Object.keys(languages[code].readTranslationIn).sort(), code).toEqual([...LANGUAGES].sort());
    }
  });

  it("English: the spec's dates in Nepal time, Western digits, no relative dates", () => {
    const { en } = languages;
    expect([en.tag, en.ogLocale, en.calendar]).toEqual(["en", "en_US", "gregorian"]);
    expect(en.formatCardDate(instant)).toBe("Nov 25, 2026");
    expect(en.formatDateTime(instant)).toBe("25 Nov 2026, 14:20");
    expect(en.formatNumber(2083)).toBe("2083");
    expect(en.formatRelative).toBeUndefined();
    expect(en.clockParts(new Date(instant))).toEqual({ weekday: "बुधबार", date: "25 Nov 2026", time: "14:20:00" });
  });

  it("Nepali: Bikram Sambat dates in Nepal time, Devanagari digits, recent dates in words", () => {
    const { ne } = languages;
    expect([ne.tag, ne.ogLocale, ne.calendar]).toEqual(["ne-NP", "ne_NP", "bikram-sambat"]);
    expect(ne.formatCardDate(instant)).toBe("मंसिर ९, २०८३");
    expect(ne.formatDateTime(instant)).toBe("मंसिर ९, २०८३, १४:२०");
    // A scheduled story's time in both calendars.
    expect(ne.formatScheduleTime(instant)).toBe("मंसिर ९, २०८३, १४:२० (25 Nov 2026, 14:20)");
    expect(ne.formatNumber(2083)).toBe("२०८३");
    expect(ne.formatRelative?.(instant, new Date("2026-11-25T11:35:00.000Z"))).toBe("३ घण्टा पहिले");
    expect(ne.clockParts(new Date(instant))).toEqual({ weekday: "बुधबार", date: "मंसिर ९, २०८३", time: "१४:२०:००" });
  });
});
