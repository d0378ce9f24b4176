/**
 * Search over articles (DESIGN "Nepali"): full-text search, and when that finds nothing, the same
 * search with each typed word replaced by its look-alikes from the vocabulary of all articles
 * (pg_trgm), which finds partial words and small typos. The search document, the vocabulary, their
 * indexes and the SQL functions used here come from the 0003_search migration, so PGlite and
 * PostgreSQL run exactly the same SQL.
 */
import { type SQL, desc, inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/connection";
import { articles, searchWords } from "../db/schema";
import { HEADLINE_OPTIONS, snippetHtml } from "./search-snippet";

/** Characters of a body that a snippet may come from: about 3,000 words, three times a typical article. */
const HEADLINE_BODY_MAX = 20_000;

/** Look-alikes kept per typed word, the most similar first: enough for a typo, bounded for a short word. */
const LOOK_ALIKES_PER_WORD = 20;

export interface SearchPlan {
  match: SQL | undefined;
  order: SQL[];
}

interface TextSearchPlan extends SearchPlan {
  /** The tsquery: what the snippets highlight. */
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
  /** Highlighted snippets (HTML) of these articles' bodies, by article id. */
  snippets(db: Executor, plan: TextSearchPlan, ids: number[]): Promise<Map<number, string>>;
}

/**
 * Best first by ts_rank, newest first among equals. With ts_rank's default weights (title 1.0, meta
 * description 0.4, body 0.2), a word found once in the title ranks 0.61, and found any number of
 * times in the body alone at most 0.2: title hits come first. (Testing for a title hit explicitly,
 * with ts_filter, made ranking five times slower.)
 */
function textSearchPlan(query: SQL): TextSearchPlan {
  return {
    query,
    match: sql`${articles.searchVector} @@ ${query}`,
    order: [sql`ts_rank(${articles.searchVector}, ${query}) desc`, desc(articles.publishedAt), desc(articles.id)],
  };
}

/**
 * The reader's words are only ever a bound parameter. websearch_to_tsquery reads them as a search box
 * would (quotes, `or`, `-`) and never fails on syntax, so SQL or regex in a query is plain text.
 * PostgreSQL refuses NUL in text, so control characters go first.
 */
export function articleSearch(search: string): ArticleSearch {
  const folded = sql`search_fold(${search.replace(/\p{Cc}/gu, " ")})`;
  // One query per configuration an article may be indexed with; `simple` matches words as written.
  const exact = sql`(websearch_to_tsquery('nepali', ${folded}) || websearch_to_tsquery('english', ${folded}) || websearch_to_tsquery('simple', ${folded}))`;
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
    async snippets(db, plan, ids) {
      if (ids.length === 0) return new Map();
      // ts_headline reads the whole text it is given: a very long body is read up to a bound. "<" would
      // start what its parser takes for a tag, which it leaves out of the excerpt.
      const body = sql`left(${articles.bodyText}, ${HEADLINE_BODY_MAX})`;
      const headline = sql<string>`ts_headline(search_config(${articles.language}), translate(search_fold(${body}), '<', ' '), ${plan.query}, ${HEADLINE_OPTIONS})`;
      const rows = await db
        .select({ id: articles.id, bodyText: articles.bodyText, headline })
        .from(articles)
        .where(inArray(articles.id, ids));
      return new Map(rows.filter((row) => row.bodyText !== "").map((row) => [row.id, snippetHtml(row.headline, row.bodyText)]));
    },
  };
}
