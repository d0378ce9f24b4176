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

const WORD_CHARS = "\\p{L}\\p{M}\\p{N}\\u200C\\u200D";
const WORD = new RegExp(`[${WORD_CHARS}]+`, "gu");
/** A word character just before a position (the last code point of the text before it). */
const WORD_CHAR_AT_END = new RegExp(`[${WORD_CHARS}]$`, "u");
/** The word that begins at a position (lastIndex). */
const WORD_HERE = new RegExp(`[${WORD_CHARS}]+`, "uy");
const JOINERS = ["\u200C", "\u200D"];

/**
 * How far before the first match a snippet starts reading the body's words: about ten words, for
 * the six it shows before the match; then about fifty, for a match among the body's last words
 * (the snippet then ends with the body and begins earlier).
 */
const READ_BEFORE_MATCH = [80, 400];

const startsWord = (body: string, at: number) => at === 0 || !WORD_CHAR_AT_END.test(body.slice(Math.max(0, at - 2), at));
const CHANDRABINDU = "\u0901";
const ANUSVARA = "\u0902";
/** A lexeme without a letter that has a lower case (Devanagari): found in the body as written. */
const caseless = (lexeme: string) => lexeme === lexeme.toUpperCase();

/**
 * Where the first word that matches begins (-1: none does), found by looking each lexeme up in the
 * body (in lower case unless every lexeme is caseless) and checking the word there, instead of
 * folding every word before it: a match lies thousands of words into some bodies, and a body that
 * matched only by its title is read to its end. Every word that matches begins with a lexeme once
 * lowered and its chandrabindu written as anusvara, so the first one is among the places found.
 * Undefined when that is not sure: joiners (which folding removes) before the place found, or a
 * letter whose lower case is longer.
 */
function firstMatchAt(body: string, lexemes: string[], matches: (word: string) => boolean): number | undefined {
  let text = lexemes.every(caseless) ? body : body.toLowerCase();
  if (text.length !== body.length) return undefined;
  if (lexemes.some((lexeme) => lexeme.includes(ANUSVARA)) && text.includes(CHANDRABINDU)) text = text.replaceAll(CHANDRABINDU, ANUSVARA);
  let first = -1;
  for (const lexeme of lexemes) {
    if (lexeme === "") continue;
    for (let at = text.indexOf(lexeme); at !== -1 && (first === -1 || at < first); at = text.indexOf(lexeme, at + 1)) {
      if (!startsWord(body, at)) continue;
      WORD_HERE.lastIndex = at;
      const word = WORD_HERE.exec(body)?.[0];
      if (word !== undefined && matches(word)) {
        first = at;
        break;
      }
    }
  }
  // A word before the one found (or anywhere, when none was) may match only once its joiners are
  // removed; the words after it do not matter.
  const before = first === -1 ? body.length : first;
  for (const joiner of JOINERS) {
    const at = body.indexOf(joiner);
    if (at !== -1 && at < before) return undefined;
  }
  return first;
}

/**
 * The snippet, reading words from `from` (a position where no word is cut in two): from the
 * start, or a little before the first match. Read from later, it is the same snippet as from the
 * start only if it begins after the first word read, the words before `from` being beyond it;
 * otherwise undefined. With `none`, no word matches: the first 25 words, read no further.
 */
function cut(body: string, from: number, matches: (word: string) => boolean, none: boolean): string | undefined {
  const words: Word[] = [];
  let first = -1;
  WORD.lastIndex = from;
  for (let m = WORD.exec(body); m !== null; m = WORD.exec(body)) {
    words.push({ start: m.index, end: m.index + m[0].length, text: m[0] });
    if (!none && first === -1 && matches(m[0])) first = words.length - 1;
    // One word past the snippet tells that the body goes on.
    if (first !== -1 ? words.length > Math.max(0, first - WORDS_BEFORE_MATCH) + SNIPPET_WORDS : none && words.length > SNIPPET_WORDS) break;
  }
  if (words.length === 0) return escapeHtml(body);
  const start = Math.max(0, Math.min(first === -1 ? 0 : first - WORDS_BEFORE_MATCH, words.length - SNIPPET_WORDS));
  if (from > 0 && start === 0) return undefined;
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

/**
 * About 25 words of `body` from a little before its first word that matches `lexemes` (from the
 * start when none does: the match was in the title), every matching word in <mark>; "…" shows
 * where the body goes on. The body is read only as far as the snippet needs: bodies run to
 * thousands of words, and a search page cuts twenty snippets. The first match is looked up, not
 * read up to (firstMatchAt), and only the words around it are read.
 */
export function snippetHtml(body: string, lexemes: string[]): string {
  const matches = matcher(lexemes);
  const first = firstMatchAt(body, lexemes, matches);
  for (const distance of first === undefined ? [] : READ_BEFORE_MATCH) {
    if (first! <= distance) break;
    // A word cut in two at the start of the passage is not read.
    let from = first! - distance;
    if (/[\uDC00-\uDFFF]/.test(body[from]!)) from += 1;
    if (!startsWord(body, from)) {
      WORD_HERE.lastIndex = from;
      from += WORD_HERE.exec(body)?.[0].length ?? 0;
    }
    const near = cut(body, from, matches, false);
    if (near !== undefined) return near;
  }
  return cut(body, 0, matches, first === -1)!;
}
