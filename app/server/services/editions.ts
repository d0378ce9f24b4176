/**
 * Two editions, one per language, as BBC News नेपाली sits beside BBC News: a reader's list shows
 * each story once. A story and its translation are two articles linked both ways
 * (`translation_id`); in an edition, the version in its language is shown where it is in the same
 * list, and the other version only where it is not. With `EDITION_MODE=own-language` an edition
 * lists its own language alone.
 */
import { type SQL, eq, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Language } from "~/lib/limits";
import { articles } from "../db/schema";
import { type EditionMode, config } from "../process/config";

export interface Edition {
  language: Language;
  mode: EditionMode;
}

/** The edition of `language` as this site is set up. */
export const editionOf = (language: Language, mode: EditionMode = config().editionMode): Edition => ({ language, mode });

/** An article row under another name, for conditions on an article's translation. */
const TRANSLATION = "translation";
export const translations = alias(articles, TRANSLATION);
export type ArticleColumns = typeof articles | typeof translations;

/**
 * Whether the edition lists the article being read. `inList(table)` is the list's own condition
 * (its section, tag, writer, search), asked of the translation too: a translation outside the list
 * does not hide the version in it.
 */
export function shownInEdition(edition: Edition, inList: (table: ArticleColumns) => SQL | undefined): SQL {
  const own = eq(articles.language, edition.language);
  if (edition.mode === "own-language") return own;
  const translated = sql`exists (
    select 1 from ${articles} ${sql.identifier(TRANSLATION)}
    where ${translations.id} = ${articles.translationId}
      and ${translations.language} = ${edition.language}
      and ${translations.isPublished}
      and ${inList(translations) ?? sql`true`})`;
  return or(own, isNull(articles.translationId), sql`not ${translated}`)!;
}
