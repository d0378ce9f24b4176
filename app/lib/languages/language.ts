import type { Language } from "../limits";

/**
 * Everything that differs between the site's languages, in one object per language (as the BBC's
 * Simorgh keeps a config per service): adding a language (Maithili, Bhojpuri and Newari are the
 * likely next ones) is one file beside these, its catalog, and its code in LANGUAGES.
 */
export interface LanguageConfig {
  /** BCP 47, for `lang`, `hreflang` and Intl. */
  tag: string;
  /** Open Graph's `og:locale`. */
  ogLocale: string;
  calendar: "gregorian" | "bikram-sambat";
  /** Numbers in the language's digits. */
  formatNumber: (value: number | string) => string;
  /** A card's date ('Nov 22, 2026', 'मंसिर ६, २०८३'). */
  formatCardDate: (iso: string) => string;
  /** A date with its time of day, as the back office says when a draft was kept. */
  formatDateTime: (iso: string) => string;
  /** When a scheduled story goes live: in Nepali both calendars (BS, then AD), as newsrooms plan by both. */
  formatScheduleTime: (iso: string) => string;
  /** A recent date in words once the browser knows the time ('३ घण्टा पहिले'); without it, the date stays. */
  formatRelative?: (iso: string, now: Date) => string;
  /** The header clock's weekday, date and time. */
  clockParts: (now: Date) => { weekday: string; date: string; time: string };
  /**
   * The web font file the first screen of a page in this language paints its text with, preloaded
   * so that it is not discovered only once the stylesheet arrives; null where the system font serves.
   * (app.css declares the faces, with the unicode ranges that keep other pages from fetching them.)
   */
  fontPreload: string | null;
  /**
   * The few texts a page shows in a language other than its own, kept here rather than in the
   * catalog so that a page loads its own language's catalog alone: the language's name for itself
   * (the language switch, a card of the other edition) and the switch's title.
   */
  selfName: string;
  switchTitle: string;
  /** Under a story in this language, the link to its translation, by the translation's language. */
  readTranslationIn: Record<Language, string>;
}
