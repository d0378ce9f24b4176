import type { Catalog, MessageKey } from "../messages";

/**
 * Everything that differs between the site's languages, in one object per language (as the BBC's
 * Simorgh keeps a config per service). A language is a folder beside this file holding its
 * `config.ts` (and, where its texts live beside it, its catalog): the folder is found at build time
 * (index.ts), and nothing else in the code names it. docs/languages.md says how to add one.
 */
export interface LanguageConfig {
  /**
   * The language's code in URLs (/ne/…, /mai/…) and in the database: a BCP 47 language subtag,
   * two or three lower-case letters ('ne', 'en', 'mai', 'new'). It is the folder's name.
   */
  code: string;
  /** Where the language stands in every list of languages (the switch, hreflang, robots.txt): the lowest first. */
  order: number;
  /** BCP 47, for `lang`, `hreflang` and Intl. */
  tag: string;
  /** Open Graph's `og:locale`. */
  ogLocale: string;
  /**
   * The Unicode script its texts are written in, as `\p{Script=…}` names it. An article whose editor
   * chose no language is given one by the script of its title (lib/language.ts).
   */
  script: "Devanagari" | "Latin" | (string & {});
  direction: "ltr" | "rtl";
  /**
   * The PostgreSQL text search configuration its articles are stemmed with (`nepali`, `english`);
   * `simple` for a language PostgreSQL has no stemmer for: its words are then matched as written.
   */
  searchConfiguration: string;
  /**
   * Tesseract's code for the language (`nep`, `eng`, `hin`), when its trained data is a dependency
   * (`@tesseract.js-data/<code>`): a flattened document's pictures are read for their words in every
   * language that has one. Absent when there is none.
   */
  ocrLanguage?: string;
  calendar: "gregorian" | "bikram-sambat";
  /** Numbers in the language's digits (its number system: Western, Devanagari…). */
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
   * Loads the language's interface catalog: a chunk of its own in the browser, fetched for its
   * pages alone (lib/i18n.ts; vite.config.ts names the chunk after the language by this dynamic
   * import). A catalog may leave texts out when `fallback` is set.
   */
  messages: () => Promise<Partial<Catalog>>;
  /**
   * Loads the texts the reader site's islands show: the same catalog, imported with `?reader`,
   * which the build cuts to the keys the islands' code names (vite-plugins/reader-texts.ts); a
   * chunk of its own too. Without it a reader page loads the whole catalog.
   */
  readerMessages?: () => Promise<Partial<Catalog>>;
  /** The language whose texts a page shows where this language's catalog has none (Maithili's are Nepali). */
  fallback?: string;
  /**
   * The catalog key that names this language in every catalog ('languageNepali'), for the back
   * office's language fields and charts; without one, the language is named in itself (selfName).
   */
  nameKey?: MessageKey;
  /**
   * The few texts a page shows in a language other than its own, kept here rather than in the
   * catalog so that a page loads its own language's catalog alone: the language's name for itself
   * (the language switch, a card of another edition) and the switch's title.
   */
  selfName: string;
  switchTitle: string;
  /** Under a story in another language, the link to its version in this language ('Read in English'). */
  readIn: string;
  /**
   * Under a story in this language, the link to its translation, by the translation's language,
   * where it is said in this language rather than in the translation's (readIn).
   */
  readTranslationIn?: Partial<Record<string, string>>;
}
