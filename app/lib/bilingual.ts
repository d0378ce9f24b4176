/**
 * Sections, tags and writers are named in each language of the site, by the editors, in one or in
 * both. A reader is shown the name in the page's language, and where the editors gave none, the
 * name in another language (which the page then marks with its own `lang`).
 */
import { LANGUAGES, type Language } from "./limits";

/** The text in `language`, else the first other language's that has one; '' when none has. */
export function inLanguage(texts: Partial<Record<Language, string>>, language: Language): string {
  const own = texts[language];
  if (own) return own;
  return LANGUAGES.map((other) => texts[other]).find((text) => !!text) ?? "";
}

/** What a client sent for a name in one field per language; '' where it sent none. */
export type TextsByLanguage = Record<Language, string>;
