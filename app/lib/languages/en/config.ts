import { clockParts, formatCardDate, formatDateTime } from "../../dates";
import type { LanguageConfig } from "../language";

/** English: the spec's texts, AD dates in Nepal time, Western digits. */
export const config: LanguageConfig = {
  code: "en",
  order: 2,
  tag: "en",
  ogLocale: "en_US",
  script: "Latin",
  direction: "ltr",
  searchConfiguration: "english",
  ocrLanguage: "eng",
  calendar: "gregorian",
  formatNumber: String,
  formatCardDate,
  formatDateTime,
  formatScheduleTime: formatDateTime,
  clockParts,
  fontPreload: null,
  messages: () => import("../../messages").then((module) => module.en),
  readerMessages: () => import("../../messages?reader").then((module) => module.default),
  nameKey: "languageEnglish",
  selfName: "English",
  switchTitle: "Read this site in English",
  readIn: "Read in English",
  readTranslationIn: { en: "Read in English", ne: "Read in Nepali" },
};
