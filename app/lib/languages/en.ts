import { NEPAL_TIME_ZONE, clockParts, formatCardDate, formatDateTime } from "../dates";
import type { LanguageConfig } from "./language";

/** English: the spec's texts, AD dates in Nepal time, Western digits. */
export const en: LanguageConfig = {
  tag: "en",
  ogLocale: "en_US",
  timeZone: NEPAL_TIME_ZONE,
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
