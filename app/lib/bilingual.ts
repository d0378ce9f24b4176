/**
 * Sections, tags and writers are named in the languages of the site, by the editors, in one or in
 * more. A reader is shown the name in the page's language, and where the editors gave none, the
 * name in another language (which the page then marks with its own `lang`).
 */
import type { LanguageTexts } from "./language-texts";
import { textPreference } from "./languages";
import type { Language } from "./limits";

/** The text in `language`, else in the first language of its preference that has one (textPreference); '' when none has. */
export function inLanguage(texts: LanguageTexts, language: Language): string {
  return textPreference(language).map((each) => texts[each]).find((text) => text) || "";
}
