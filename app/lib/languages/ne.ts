import devanagariRegular from "@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url";
import { formatDateTime } from "../dates";
import { formatBsCardDate, formatBsDateTime, formatRelativeNe, nepaliClockParts, toDevanagariDigits } from "../nepali-calendar";
import type { LanguageConfig } from "./language";

/** Nepali: Bikram Sambat dates in Nepal time, Devanagari digits, recent dates in words. */
export const ne: LanguageConfig = {
  tag: "ne-NP",
  ogLocale: "ne_NP",
  calendar: "bikram-sambat",
  formatNumber: toDevanagariDigits,
  formatCardDate: formatBsCardDate,
  formatDateTime: formatBsDateTime,
  formatScheduleTime: (iso) => `${formatBsDateTime(iso)} (${formatDateTime(iso)})`,
  formatRelative: formatRelativeNe,
  clockParts: nepaliClockParts,
  fontPreload: devanagariRegular,
  selfName: "नेपाली",
  switchTitle: "यो साइट नेपालीमा पढ्नुहोस्",
  readTranslationIn: { en: "पढ्नुहोस् अंग्रेजीमा", ne: "पढ्नुहोस् नेपालीमा" },
};
