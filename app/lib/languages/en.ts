import { clockParts, formatCardDate, formatDateTime } from "../dates";
import type { LanguageConfig } from "./language";

/** English: the spec's texts, AD dates in Nepal time, Western digits. */
export const en: LanguageConfig = {
  tag: "en",
  ogLocale: "en_US",
  calendar: "gregorian",
  formatNumber: String,
  formatCardDate,
  formatDateTime,
  formatScheduleTime: formatDateTime,
  clockParts,
  fontPreload: null,
  selfName: "English",
  switchTitle: "Read this site in English",
  readTranslationIn: { en: "Read in English", ne: "Read in Nepali" },
};
