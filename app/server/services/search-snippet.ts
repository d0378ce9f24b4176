/**
 * The highlighted snippet of a search result: a passage of the body around the first place it
 * matches the search, quoted as the article writes it, escaped, with the matching words in <mark>.
 *
 * It is cut here rather than by PostgreSQL's ts_headline, which stems every word of every result's
 * body to find the matches: that was a third of a search's cost on the embedded database
 * (docs/decisions.md, "Snippets are cut in TypeScript"). The search's own lexemes come from the
 * database; a body word matches one when, folded as search folds it, it is the lexeme or the
 * lexeme followed by a short ending (नेपाल in नेपालको, procur in procurement).
 */
import { htmlToText } from "~/lib/text";

/** The body as search indexes and quotes it: plain text in NFC, without control characters. */
export function bodyTextOf(html: string): string {
  return htmlToText(html).normalize("NFC").replace(/\s*\p{Cc}[\s\p{Cc}]*/gu, " ").trim();
}

/** As ts_headline's MaxWords and the passage before the first match. */
const SNIPPET_WORDS = 25;
const WORDS_BEFORE_MATCH = 6;
/** A stem marks a longer word only if the stem is this long and the ending this short (code points). */
const STEM_MIN = 4;
const ENDING_MAX = 5;

/** Text as search compares it (the SQL function search_fold, and lower case as the parsers do). */
function fold(word: string): string {
  return word.replace(/[\u200C\u200D]/g, "").replace(/\u0901/g, "\u0902").toLowerCase();
}

/**
 * The words a tsquery looks for, from its text form (`'procur' | 'procurement' & !'budget'`).
 * Negated words are left out: they are what the results do not contain.
 */
export function lexemesOf(tsquery: string | null): string[] {
  if (!tsquery) return [];
  const lexemes = new Set<string>();
  for (const match of tsquery.matchAll(/(!?)\s*'((?:[^']|'')*)'/g)) {
    if (match[1] !== "!") lexemes.add((match[2] ?? "").replace(/''/g, "'"));
  }
  return [...lexemes].filter(Boolean);
}

function matches(word: string, lexemes: string[]): boolean {
  const folded = fold(word);
  return lexemes.some((lexeme) => {
    if (folded === lexeme) return true;
    if (!folded.startsWith(lexeme)) return false;
    const stem = [...lexeme].length;
    return stem >= STEM_MIN && [...folded].length - stem <= ENDING_MAX;
  });
}

const REPLACEMENTS: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => REPLACEMENTS[c] ?? c);

/**
 * About 25 words of `body` from a little before its first word that matches `lexemes` (from the
 * start when none does: the match was in the title), every matching word in <mark>; "…" shows
 * where the body goes on.
 */
export function snippetHtml(body: string, lexemes: string[]): string {
  const words = [...body.matchAll(/[\p{L}\p{M}\p{N}\u200C\u200D]+/gu)].map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[0] }));
  if (words.length === 0) return escapeHtml(body);
  const first = words.findIndex((word) => matches(word.text, lexemes));
  const start = Math.max(0, Math.min(first === -1 ? 0 : first - WORDS_BEFORE_MATCH, words.length - SNIPPET_WORDS));
  const end = Math.min(words.length, start + SNIPPET_WORDS);
  let html = start > 0 ? "…" : "";
  let at = start > 0 ? words[start]!.start : 0;
  for (const word of words.slice(start, end)) {
    html += escapeHtml(body.slice(at, word.start));
    html += matches(word.text, lexemes) ? `<mark>${escapeHtml(word.text)}</mark>` : escapeHtml(word.text);
    at = word.end;
  }
  if (end < words.length) return `${html}…`;
  return html + escapeHtml(body.slice(at));
}
