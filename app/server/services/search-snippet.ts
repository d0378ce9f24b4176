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

/** Characters search_fold removes or replaces: a word that begins with one is folded to be compared. */
const FOLDED_AWAY = /[\u200C\u200D\u0901]/;

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

/** Whether a body word is one of the lexemes, or one with a short ending. */
function matcher(lexemes: string[]): (word: string) => boolean {
  const stems = lexemes.map((lexeme) => ({ lexeme, length: [...lexeme].length }));
  // Most words of a body begin with a letter no lexeme begins with: told apart without folding.
  const initials = new Set(lexemes.map((lexeme) => lexeme[0]));
  return (word) => {
    const initial = word[0]!;
    if (!initials.has(initial) && !initials.has(initial.toLowerCase()) && !FOLDED_AWAY.test(initial)) return false;
    const folded = fold(word);
    return stems.some(
      ({ lexeme, length }) => folded === lexeme || (length >= STEM_MIN && folded.startsWith(lexeme) && [...folded].length - length <= ENDING_MAX),
    );
  };
}

const REPLACEMENTS: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => REPLACEMENTS[c] ?? c);

interface Word {
  start: number;
  end: number;
  text: string;
}

const WORD = /[\p{L}\p{M}\p{N}\u200C\u200D]+/gu;

/**
 * About 25 words of `body` from a little before its first word that matches `lexemes` (from the
 * start when none does: the match was in the title), every matching word in <mark>; "…" shows
 * where the body goes on. The body is read only as far as the snippet needs: bodies run to
 * thousands of words, and a search page cuts twenty snippets.
 */
export function snippetHtml(body: string, lexemes: string[]): string {
  const matches = matcher(lexemes);
  const words: Word[] = [];
  let first = -1;
  for (const m of body.matchAll(WORD)) {
    words.push({ start: m.index, end: m.index + m[0].length, text: m[0] });
    if (first === -1 && matches(m[0])) first = words.length - 1;
    // One word past the snippet tells that the body goes on.
    if (first !== -1 && words.length > Math.max(0, first - WORDS_BEFORE_MATCH) + SNIPPET_WORDS) break;
  }
  if (words.length === 0) return escapeHtml(body);
  const start = Math.max(0, Math.min(first === -1 ? 0 : first - WORDS_BEFORE_MATCH, words.length - SNIPPET_WORDS));
  const end = Math.min(words.length, start + SNIPPET_WORDS);
  let html = start > 0 ? "…" : "";
  let at = start > 0 ? words[start]!.start : 0;
  for (const word of words.slice(start, end)) {
    html += escapeHtml(body.slice(at, word.start));
    html += matches(word.text) ? `<mark>${escapeHtml(word.text)}</mark>` : escapeHtml(word.text);
    at = word.end;
  }
  if (end < words.length) return `${html}…`;
  return html + escapeHtml(body.slice(at));
}
