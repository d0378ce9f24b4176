/**
 * Sections, tags and writers are named in the languages of the site, by the editors, in one or in
 * more. A reader is shown the name in the page's language, and where the editors gave none, the
 * name in another language (which the page then marks with its own `lang`).
 */
import type { LanguageTexts } from "./language-texts";
import { LANGUAGES, type Language } from "./limits";

/** The text in `language`, else the first other language's that has one; '' when none has. */
export function inLanguage(texts: LanguageTexts, language: Language): string {
  return texts[language] || LANGUAGES.map((other) => texts[other]).find((text) => text) || "";
}
