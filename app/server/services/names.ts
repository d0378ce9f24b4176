/**
 * The names of sections, tags and writers as readers and clients get them: in the language asked
 * for, else in the other (lib/bilingual.ts), with each language's own beside it.
 */
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type TextsByLanguage, inLanguage } from "~/lib/bilingual";
import type { Language } from "~/lib/limits";

interface NamedRow {
  nameEn: string;
  nameNe: string;
}

const orNull = (text: string) => (text === "" ? null : text);

/** The spec's `name` in `language`, and `name_en`, `name_ne`. */
export function namesOf(row: NamedRow, language: Language) {
  return { name: inLanguage({ en: row.nameEn, ne: row.nameNe }, language), name_en: orNull(row.nameEn), name_ne: orNull(row.nameNe) };
}

/** A second text in both languages (a description, a bio) the same way, under `field`. */
export function textsOf<Field extends string>(field: Field, texts: TextsByLanguage, language: Language) {
  return { [field]: inLanguage(texts, language), [`${field}_en`]: orNull(texts.en ?? ""), [`${field}_ne`]: orNull(texts.ne ?? "") } as Record<Field, string> &
    Record<`${Field}_en` | `${Field}_ne`, string | null>;
}

/** The same rule in SQL, for names read inside a larger statement (an article's section and writer). */
export function nameIn(table: { nameEn: AnyPgColumn; nameNe: AnyPgColumn }, language: Language): SQL<string> {
  const [first, second] = language === "ne" ? [table.nameNe, table.nameEn] : [table.nameEn, table.nameNe];
  return sql<string>`coalesce(nullif(${first}, ''), ${second})`;
}

/** The columns a write sets from the languages a client sent: `{ nameEn, nameNe }` for "name". */
export function columnsOf<Prefix extends string>(prefix: Prefix, texts: Partial<TextsByLanguage>) {
  const columns: Partial<Record<`${Prefix}En` | `${Prefix}Ne`, string>> = {};
  if (texts.en !== undefined) columns[`${prefix}En`] = texts.en;
  if (texts.ne !== undefined) columns[`${prefix}Ne`] = texts.ne;
  return columns;
}
