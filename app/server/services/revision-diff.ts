/**
 * The difference between two revisions as a person reads it: words added and removed in the text
 * of the story, paragraph by paragraph, never its HTML.
 */
import { DIFF_DELETE, DIFF_INSERT, cleanupSemantic, makeDiff } from "@sanity/diff-match-patch";
import type { DiffPart } from "~/lib/api-types";
import { htmlToText } from "~/lib/text";

/** Inline markup sits inside words and sentences: removed, not turned into a space. */
const INLINE_TAG = /<\/?(?:a|b|strong|i|em|u|s|mark|code|span|sub|sup)(?:\s[^>]*)?>/gi;
const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|figcaption|figure|pre|div)>|<br\s*\/?>/i;

/** A body's text with one blank line between its paragraphs, headings and list items. */
export function readableText(html: string): string {
  return html
    .replace(INLINE_TAG, "")
    .split(BLOCK_END)
    .map(htmlToText)
    .filter((block) => block !== "")
    .join("\n\n");
}

/** Words and the spaces between them, each a token of its own. */
const tokensOf = (text: string) => text.split(/(\s+)/u).filter((token) => token !== "");

/**
 * The parts of `after` that are new, the parts of `before` that went, and what both share, in
 * whole words: each distinct word is written as one character, the two texts are compared as such,
 * and the characters are read back as words (a letter-by-letter comparison scatters a rewritten
 * headline into fragments of words).
 */
export function readableDiff(before: string, after: string): DiffPart[] {
  const codes = new Map<string, string>();
  const words: string[] = [];
  const encode = (text: string) =>
    tokensOf(text)
      .map((token) => {
        let code = codes.get(token);
        if (code === undefined) {
          // One UTF-16 unit per word, past the surrogates' range.
          const n = words.length + 1;
          code = String.fromCharCode(n < 0xd800 ? n : n + 0x800);
          codes.set(token, code);
          words.push(token);
        }
        return code;
      })
      .join("");
  const [a, b] = [encode(before), encode(after)];
  const decode = (coded: string) => [...coded].map((char) => words[(char.charCodeAt(0) < 0xd800 ? char.charCodeAt(0) : char.charCodeAt(0) - 0x800) - 1]).join("");
  return cleanupSemantic(makeDiff(a, b)).map(([op, coded]) => ({
    change: op === DIFF_INSERT ? "added" : op === DIFF_DELETE ? "removed" : "same",
    text: decode(coded),
  }));
}
