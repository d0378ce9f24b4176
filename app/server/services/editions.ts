/**
 * One edition per language, as BBC News नेपाली sits beside BBC News: a reader's list shows each
 * story once. A story's versions are articles sharing a story number (`story_id`), at most one per
 * language; an edition shows, of each story, the published version in the language it prefers
 * most: its own, then its catalog's fallbacks, then the site's order (textPreference), so that a
 * Maithili edition shows the Nepali version of a story that has no Maithili one. Each edition then
 * lists that version where the editors filed it (its section, its tags). With
 * `EDITION_MODE=own-language` an edition lists its own language alone.
 */
import { type SQL, eq, or, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { textPreference } from "~/lib/bilingual";
import type { Language } from "~/lib/limits";
import { articleSearch, articles, inEditionSql } from "../db/schema";
import { type EditionMode, config } from "../platform/config";

export interface Edition {
  language: Language;
  mode: EditionMode;
}

/** The edition of `language` as this site is set up. */
export const editionOf = (language: Language, mode: EditionMode = config().editionMode): Edition => ({ language, mode });

const VERSION = "version";
/** An article row under another name: another version of an article's story. */
export const versions = alias(articles, VERSION);
/** `versions` in a FROM written by hand: the table and its other name. */
export const fromVersions = sql`${articles} ${sql.identifier(VERSION)}`;

/**
 * A column named with its table, for a subquery written by hand: in a select list drizzle writes a
 * single table's columns bare, which inside a subquery on `versions` would name the version's.
 */
export function qualified(table: "articles" | typeof VERSION, column: AnyPgColumn): SQL {
  return sql`${sql.identifier(table)}.${sql.identifier(column.name)}`;
}

/**
 * Whether the edition lists the article being read: a condition on its own row (the 0026
 * migration's trigger keeps `shown_in`), which each list's index reads as it goes.
 */
export function shownInEdition(edition: Edition): SQL {
  if (edition.mode === "own-language") return eq(articles.language, edition.language);
  return inEditionSql(articles, edition.language);
}

/** Where `language` stands in the edition's preference, as an SQL array the query can look it up in. */
function preferenceArray(edition: Edition): SQL {
  return sql.raw(`array[${textPreference(edition.language).map((language) => `'${language}'`).join(", ")}]::text[]`);
}

const OTHER_SEARCH = "other_version_search";
const otherSearch = alias(articleSearch, OTHER_SEARCH);

/**
 * shownInEdition for a search, on search's own table (which copies the article's flags): a version
 * the edition does not list also shows where no version it prefers matches the search (`searched`,
 * its tsquery), so that a reader who types a Nepali title on the English site finds the Nepali story.
 */
export function searchedInEdition(edition: Edition, searched: SQL): SQL {
  if (edition.mode === "own-language") return eq(articleSearch.language, edition.language);
  const preference = preferenceArray(edition);
  return or(
    inEditionSql(articleSearch, edition.language),
    sql`not exists (select 1 from ${articleSearch} ${sql.identifier(OTHER_SEARCH)} where ${otherSearch.storyId} = ${articleSearch.storyId} and ${otherSearch.articleId} <> ${articleSearch.articleId} and ${otherSearch.isPublished} and array_position(${preference}, ${otherSearch.language}) < array_position(${preference}, ${articleSearch.language}) and ${otherSearch.searchVector} @@ ${searched})`,
  )!;
}
