/**
 * Two editions, one per language, as BBC News नेपाली sits beside BBC News: a reader's list shows
 * each story once. A story and its translation are two articles linked both ways
 * (`translation_id`); an edition shows the version in its language, and the other version only
 * while it has none published. Each edition then lists its own version where the editors filed it
 * (its section, its tags). With `EDITION_MODE=own-language` an edition lists its own language alone.
 */
import { type SQL, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Language } from "~/lib/limits";
import { articleSearch, articles, inEditionSql } from "../db/schema";
import { type EditionMode, config } from "../platform/config";

export interface Edition {
  language: Language;
  mode: EditionMode;
}

/** The edition of `language` as this site is set up. */
export const editionOf = (language: Language, mode: EditionMode = config().editionMode): Edition => ({ language, mode });

const TRANSLATION = "translation";
/** An article row under another name: an article's translation. */
export const translations = alias(articles, TRANSLATION);

/**
 * Whether the edition lists the article being read: a condition on its own row (the trigger of the
 * 0009 migration keeps `translation_published`), which each list's index reads as it goes.
 */
export function shownInEdition(edition: Edition): SQL {
  if (edition.mode === "own-language") return eq(articles.language, edition.language);
  return inEditionSql(articles, edition.language);
}

const TRANSLATION_SEARCH = "translation_search";
const translationSearch = alias(articleSearch, TRANSLATION_SEARCH);

/**
 * shownInEdition for a search, on search's own table (which copies the article's flags): the other
 * version also shows where its translation does not match the search (`searched`, its tsquery), so
 * that a reader who types a Nepali title on the English site finds the Nepali story.
 */
export function searchedInEdition(edition: Edition, searched: SQL): SQL {
  if (edition.mode === "own-language") return eq(articleSearch.language, edition.language);
  return or(
    inEditionSql(articleSearch, edition.language),
    sql`not exists (select 1 from ${articleSearch} ${sql.identifier(TRANSLATION_SEARCH)} where ${translationSearch.articleId} = ${articleSearch.translationId} and ${translationSearch.searchVector} @@ ${searched})`,
  )!;
}
