/**
 * Search over articles (docs/product.md#nepali-text): full-text search, and when that finds nothing, the same
 * search with each typed word replaced by its look-alikes from the vocabulary of all articles
 * (pg_trgm), which finds partial words and small typos. The search documents live in their own
 * table (schema.ts, articleSearch; migration 0019), the vocabulary and the SQL functions used here
 * come from the 0003_search migration, so PGlite and PostgreSQL run exactly the same SQL.
 */
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { SEARCH_CONFIGURATIONS } from "~/lib/languages";
import { articleSearch as articleSearchTable, searchWords } from "../db/schema";

/** Look-alikes kept per typed word, the most similar first: enough for a typo, bounded for a short word. */
const LOOK_ALIKES_PER_WORD = 20;

export interface TextSearchPlan {
  match: SQL;
  /** Best first; ties newest first. */
  rank: SQL<number>;
  /** The tsquery: its words are what the snippets mark. */
  query: SQL;
}

export interface ArticleSearch {
  /** Articles that contain the words in any inflection. */
  fullText: TextSearchPlan;
  /**
   * Articles that contain, for every typed word, a word like it: pg_trgm's word similarity at its
   * default threshold (0.6), so that a typed fragment matches the words it is part of.
   */
  similarWords: TextSearchPlan;
}

/**
 * Matches on the whole document (its GIN index answers without reading the rows' documents), then
 * ranks by the title and meta description alone (rank_vector): title hits first, then description
 * hits, then body-only matches, newest first among equals. Ranking on the whole document read
 * every match's body vector, most of a search's time (docs/decisions.md).
 */
function textSearchPlan(query: SQL): TextSearchPlan {
  return {
    query,
    match: sql`${articleSearchTable.searchVector} @@ ${query}`,
    rank: sql<number>`ts_rank(${articleSearchTable.rankVector}, ${query})`,
  };
}

/**
 * The configurations a search is read in: every language's (written into the statement as before:
 * names the language configs give, checked there, never a reader's), then `simple`, once each.
 */
const QUERY_CONFIGURATIONS = [...SEARCH_CONFIGURATIONS.filter((configuration) => configuration !== "simple"), "simple"];

/** The reader's words as they are sent: PostgreSQL refuses NUL in text, so control characters go first. */
export const typedWords = (search: string) => search.replace(/\p{Cc}/gu, " ");

/**
 * The reader's words are only ever a bound parameter: `search` as typed, or the placeholder of a
 * statement prepared once (filled with typedWords). websearch_to_tsquery reads them as a search
 * box would (quotes, `or`, `-`) and never fails on syntax, so SQL or regex in a query is plain text.
 */
export function articleSearch(search: string | Placeholder): ArticleSearch {
  const folded = sql`search_fold(${typeof search === "string" ? typedWords(search) : search})`;
  // One query per configuration an article may be indexed with (its language's, lib/languages);
  // `simple` matches words as written. A scalar subquery, so that it is computed once a statement:
  // in a prepared statement's generic plan the bare expression was computed again for every match
  // it ranked, most of a common word's search (docs/decisions.md, "The tsquery computed once").
  const exact = sql`(select ${sql.join(
    QUERY_CONFIGURATIONS.map((configuration) => sql`websearch_to_tsquery(${sql.raw(`'${configuration}'`)}, ${folded})`),
    sql` || `,
  )})`;
  const typed = sql`unnest(tsvector_to_array(to_tsvector('simple', ${folded})))`;
  // NULL, which matches nothing, unless every typed word has a look-alike.
  const similar = sql`(
    select case when count(*) = (select count(*) from ${typed}) then search_all(look_alikes) end
    from (
      select search_any(plainto_tsquery('simple', candidate.word)) as look_alikes
      from ${typed} as typed(word)
      cross join lateral (
        select ${searchWords.word} as word from ${searchWords}
        where typed.word <% ${searchWords.word}
        order by word_similarity(typed.word, ${searchWords.word}) desc, ${searchWords.word}
        limit ${LOOK_ALIKES_PER_WORD}
      ) as candidate
      group by typed.word
    ) as per_word
  )`;
  return {
    fullText: textSearchPlan(exact),
    similarWords: textSearchPlan(similar),
  };
}
