/**
 * Sections, tags and writers are named in the languages of the site, by the editors, in one or in
 * more. A reader is shown the name in the page's language, and where the editors gave none, the
 * name in another language (which the page then marks with its own `lang`).
 */
import { type LanguageTexts, type PerLanguageKeys, perLanguageKey } from "./language-texts";
import { catalogChain } from "./languages";
import { LANGUAGES, type Language } from "./limits";

// Every name on a list page asks for its language's order, which is fixed once the configs are read.
const preferences = new Map<Language, readonly Language[]>();

/**
 * Where an editors' text (a section's name, a writer's bio) is taken from for a page in `language`
 * when it has none in that language: the languages of its catalog chain first (Maithili's pages
 * show the Nepali name), then the others in the site's order.
 */
export function textPreference(language: Language): readonly Language[] {
  let order = preferences.get(language);
  if (!order) {
    order = [...new Set([...catalogChain(language), ...LANGUAGES])];
    preferences.set(language, order);
  }
  return order;
}

/** The text in `language`, else in the first language of its preference that has one (textPreference); '' when none has. */
export function inLanguage(texts: LanguageTexts, language: Language): string {
  for (const each of textPreference(language)) {
    const text = texts[each];
    if (text) return text;
  }
  return "";
}

/**
 * A field an answer gives once per language (`title_en`, `title_ne`), in `language` or else in the
 * first of its preference that has it, with the language it is in (for the text's `lang`); null
 * when none has.
 */
export function keyedInLanguage<Field extends string>(
  values: PerLanguageKeys<Field, string | null>,
  field: Field,
  language: Language,
): { text: string; language: Language } | null {
  for (const each of textPreference(language)) {
    const text = (values as Record<string, string | null>)[perLanguageKey(field, each)];
    if (text) return { text, language: each };
  }
  return null;
}
