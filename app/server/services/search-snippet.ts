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

const CHANDRABINDU = "\u0901";
const ANUSVARA = "\u0902";

/**
 * A body as snippets read it: stored bodies (body-texts.ts) are read through it without turning
 * the whole of each into a string, a string body by stringBody.
 */
export interface BodyReader {
  readonly length: number;
  /** The body's characters from `start` to `end`. */
  slice(start: number, end: number): string;
  /**
   * False when the body cannot be folded in place (a letter whose lower case is longer): then
   * foldedIndexOf cannot say where a word is.
   */
  readonly foldable: boolean;
  /**
   * Where `text` first occurs from `from` on in the body folded: in lower case, chandrabindu
   * written as anusvara, joiners kept, so that positions are the body's own. -1 when nowhere.
   */
  foldedIndexOf(text: string, from: number): number;
}

/** The body folded as BodyReader.foldedIndexOf reads it, or null when its positions would move. */
export function foldedBody(body: string): string | null {
  const lower = body.toLowerCase();
  return lower.length === body.length ? lower.replaceAll(CHANDRABINDU, ANUSVARA) : null;
}

export function stringBody(body: string): BodyReader {
  const folded = foldedBody(body);
  return {
    length: body.length,
    foldable: folded !== null,
    slice: (start, end) => body.slice(start, end),
    foldedIndexOf: (text, from) => folded?.indexOf(text, from) ?? -1,
  };
}

/** Whether a word begins at `at`, read from the two characters before it (a string, or a BodyReader). */
const startsWord = (body: Pick<BodyReader, "slice">, at: number) => at === 0 || !WORD_CHAR_AT_END.test(body.slice(Math.max(0, at - 2), at));

/** The word that begins at `at` (read a little at a time: bodies are long, words short). */
function wordAt(body: BodyReader, at: number): string {
  for (let reach = 64; ; reach *= 4) {
    const end = Math.min(body.length, at + reach);
    WORD_HERE.lastIndex = 0;
    const word = WORD_HERE.exec(body.slice(at, end))?.[0] ?? "";
    if (at + word.length < end || end === body.length) return word;
  }
}

/**
 * Where the first word that matches begins (-1: none does), found by looking each lexeme up in the
 * folded body and checking the word there, instead of folding every word before it: a match lies
 * thousands of words into some bodies, and a body that matched only by its title is read to its
 * end. Every word that matches begins with a lexeme once folded, so the first one is among the
 * places found. Undefined when that is not sure: joiners (which folding removes) before the place
 * found, or a body that cannot be folded in place.
 */
function firstMatchAt(body: BodyReader, lexemes: string[], matches: (word: string) => boolean): number | undefined {
  if (!body.foldable) return undefined;
  let first = -1;
  for (const lexeme of lexemes) {
    if (lexeme === "") continue;
    for (let at = body.foldedIndexOf(lexeme, 0); at !== -1 && (first === -1 || at < first); at = body.foldedIndexOf(lexeme, at + 1)) {
      if (startsWord(body, at) && matches(wordAt(body, at))) {
        first = at;
        break;
      }
    }
  }
  // A word before the one found (or anywhere, when none was) may match only once its joiners are
  // removed; the words after it do not matter.
  const before = first === -1 ? body.length : first;
  for (const joiner of JOINERS) {
    const at = body.foldedIndexOf(joiner, 0);
    if (at !== -1 && at < before) return undefined;
  }
  return first;
}

/** What cut answers when `body` was a passage that ended before the snippet did: the whole body is needed. */
const PAST_PASSAGE = null;

/**
 * The snippet, reading words from `from` (a position where no word is cut in two): from the
 * start, or a little before the first match. Read from later, it is the same snippet as from the
 * start only if it begins after the first word read, the words before `from` being beyond it;
 * otherwise undefined. With `none`, no word matches: the first 25 words, read no further. `body`
 * is the whole body when `whole`, else only its beginning (PAST_PASSAGE when that was too short).
 */
function cut(body: string, whole: boolean, from: number, matches: (word: string) => boolean, none: boolean): string | undefined | typeof PAST_PASSAGE {
  const words: Word[] = [];
  let first = -1;
  let read = false;
  WORD.lastIndex = from;
  for (let m = WORD.exec(body); m !== null; m = WORD.exec(body)) {
    words.push({ start: m.index, end: m.index + m[0].length, text: m[0] });
    if (!none && first === -1 && matches(m[0])) first = words.length - 1;
    // One word past the snippet tells that the body goes on.
    if (first !== -1 ? words.length > Math.max(0, first - WORDS_BEFORE_MATCH) + SNIPPET_WORDS : none && words.length > SNIPPET_WORDS) {
      read = true;
      break;
    }
  }
  // The passage's last word may go on past it, and the snippet with it.
  if (!read && !whole) return PAST_PASSAGE;
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

/** The snippet cut from `body`, the whole body or its beginning (`whole` false), PAST_PASSAGE when that is too short. */
function snippetIn(body: string, whole: boolean, first: number | undefined, matches: (word: string) => boolean): string | typeof PAST_PASSAGE {
  for (const distance of first === undefined ? [] : READ_BEFORE_MATCH) {
    if (first! <= distance) break;
    // A word cut in two at the start of the passage is not read.
    let from = first! - distance;
    if (/[\uDC00-\uDFFF]/.test(body[from]!)) from += 1;
    if (!startsWord(body, from)) {
      WORD_HERE.lastIndex = from;
      from += WORD_HERE.exec(body)?.[0].length ?? 0;
    }
    const near = cut(body, whole, from, matches, false);
    if (near !== undefined) return near;
  }
  return cut(body, whole, 0, matches, first === -1)!;
}

/**
 * Characters past the first match (or from the start, when none is in the body) turned into a
 * string for the snippet: 25 words many times over. Only a snippet that needs more reads the
 * whole body.
 */
const PASSAGE_PAST_MATCH = 2000;

/**
 * About 25 words of `body` from a little before its first word that matches `lexemes` (from the
 * start when none does: the match was in the title), every matching word in <mark>; "…" shows
 * where the body goes on. The body is read only as far as the snippet needs: bodies run to
 * thousands of words, and a search page cuts ten snippets. The first match is looked up, not
 * read up to (firstMatchAt), and only the body up to a little past it becomes a string.
 */
export function snippetHtml(source: string | BodyReader, lexemes: string[]): string {
  const body = typeof source === "string" ? stringBody(source) : source;
  const matches = matcher(lexemes);
  const first = firstMatchAt(body, lexemes, matches);
  const reach = first === undefined ? body.length : Math.min(body.length, Math.max(first, 0) + PASSAGE_PAST_MATCH);
  return snippetIn(body.slice(0, reach), reach === body.length, first, matches) ?? snippetIn(body.slice(0, body.length), true, first, matches)!;
}
