/**
 * The names (and descriptions, bios) of sections, tags and writers as readers and clients get
 * them: in the language asked for, else in another (lib/bilingual.ts), with each language's own
 * beside it (lib/language-texts.ts); and as writes store them.
 */
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { inLanguage, textPreference } from "~/lib/bilingual";
import { type LanguageTexts, type PerLanguageKeys, keyedByLanguage, perLanguageKey, storedTexts } from "~/lib/language-texts";
import { LANGUAGES, type Language } from "~/lib/limits";

/** The spec's `field` in `language`, and each language's own: `name`, `name_en`, `name_ne`. */
export function textsOf<Field extends string>(field: Field, texts: LanguageTexts, language: Language) {
  return { [field]: inLanguage(texts, language), ...keyedByLanguage(field, texts) } as Record<Field, string> & PerLanguageKeys<Field, string | null>;
}

export const namesOf = (row: { names: LanguageTexts }, language: Language) => textsOf("name", row.names, language);

/** The language codes written into a statement (they come from LANGUAGES, never from a request), so that the planner sees constants. */
const textIn = (column: AnyPgColumn, language: Language) => sql`${column}->>${sql.raw(`'${language}'`)}`;

/** The same rule as inLanguage in SQL, for names read inside a larger statement (an article's section and writer). */
export function nameIn(table: { names: AnyPgColumn }, language: Language): SQL<string> {
  return sql<string>`coalesce(${sql.join(
    textPreference(language).map((each) => textIn(table.names, each)),
    sql`, `,
  )})`;
}

/** `'name', …, 'name_en', …, 'name_ne', …` for a json_build_object: what namesOf gives, built in SQL. */
export function nameKeysIn(table: { names: AnyPgColumn }, language: Language): SQL {
  const keys = LANGUAGES.map((each) => sql`${sql.raw(`'${perLanguageKey("name", each)}'`)}, ${textIn(table.names, each)}`);
  return sql.join([sql`'name', ${nameIn(table, language)}`, ...keys], sql`, `);
}

/**
 * What an update stores from the languages a client sent: the row's map with each text sent put
 * in, and each language sent empty taken out; the languages not sent keep theirs.
 */
export function mergedTexts(column: AnyPgColumn, sent: LanguageTexts): SQL<LanguageTexts> {
  const merged = sql<LanguageTexts>`(${column} || ${JSON.stringify(storedTexts(sent))}::jsonb)`;
  const emptied = LANGUAGES.filter((language) => sent[language] === "");
  return emptied.length === 0 ? merged : sql<LanguageTexts>`${merged} - ${sql.raw(`array[${emptied.map((language) => `'${language}'`).join(", ")}]`)}`;
}
