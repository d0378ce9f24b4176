/**
 * Which search results pages search engines may list (docs/decisions.md, "Search results a search
 * engine may list"). A results page repeats the query in its title and heading, so a listed page
 * would put the searcher's words under the site's name. It is listed only when every one of those
 * words is in every story it shows: plain words (no `or`, no `-`, no quotes, which let a query carry
 * words no story has), found as typed (not their look-alikes), on the first page of results.
 */

/** Words of letters, marks and digits (any script), one space apart. */
const PLAIN_WORDS = /^[\p{L}\p{M}\p{N}]+(?: [\p{L}\p{M}\p{N}]+)*$/u;
/** The one word websearch_to_tsquery reads as an operator. */
const OR_OPERATOR = /(?:^| )or(?: |$)/i;

export interface SearchResultsPage {
  /** The query as searched: trimmed. */
  query: string;
  total: number;
  page: number;
  /** Found by the words as typed, not by their look-alikes. */
  asTyped: boolean;
}

/** The query as a listed page's address names it: one space between words. */
export const canonicalSearchQuery = (query: string) => query.split(/\s+/u).filter(Boolean).join(" ");

export function searchResultsListable({ query, total, page, asTyped }: SearchResultsPage): boolean {
  const words = canonicalSearchQuery(query);
  return total > 0 && page === 1 && asTyped && PLAIN_WORDS.test(words) && !OR_OPERATOR.test(words);
}
