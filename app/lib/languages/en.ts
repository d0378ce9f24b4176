import { NEPAL_TIME_ZONE, clockParts, formatCardDate, formatDateTime } from "../dates";
import { en as catalog } from "../messages";
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
  clockParts,
  fontPreload: null,
  catalog,
};
