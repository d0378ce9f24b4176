/**
 * A text the editors give in each language of the site (a name, a description, a bio): stored as
 * one map by language code, and sent over the API and by the back office's forms as one key per
 * language (`name_en`, `name_ne`), so that clients of the two-language API keep working and a new
 * language adds its key by being in LANGUAGES (docs/decisions.md, "Per-language texts").
 */
import { LANGUAGES, type Language } from "./limits";

/** Texts by language code, only the languages that have one: `{ en: "Politics", ne: "राजनीति" }`. */
export type LanguageTexts = Partial<Record<Language, string>>;

/** `name_en`, `name_ne`, … for `field`, each holding a `Value`. */
export type PerLanguageKeys<Field extends string, Value> = { [L in Language as `${Field}_${L}`]: Value };

export const perLanguageKey = <Field extends string>(field: Field, language: Language) => `${field}_${language}` as `${Field}_${Language}`;

/** Each language's own text under its key, null where there is none (what a client reads). */
export function keyedByLanguage<Field extends string>(field: Field, texts: LanguageTexts): PerLanguageKeys<Field, string | null> {
  return Object.fromEntries(LANGUAGES.map((language) => [perLanguageKey(field, language), texts[language] || null])) as PerLanguageKeys<Field, string | null>;
}

/** The texts read back from keys named as keyedByLanguage names them, '' where one is missing (what a form edits). */
export function fromKeys<Field extends string>(field: Field, values: Partial<PerLanguageKeys<Field, string | null>>): Record<`${Field}_${Language}`, string> {
  const own = values as Partial<Record<string, string | null>>;
  return Object.fromEntries(LANGUAGES.map((language) => [perLanguageKey(field, language), own[perLanguageKey(field, language)] ?? ""])) as Record<
    `${Field}_${Language}`,
    string
  >;
}

/** The texts as stored: the languages with something in them, and no other. */
export const storedTexts = (texts: LanguageTexts): LanguageTexts =>
  Object.fromEntries(Object.entries(texts).filter(([, text]) => text !== undefined && text !== ""));
