/**
 * The highlighted snippet of a search result: ts_headline's excerpt of the body, quoted as the article
 * writes it, escaped, with the matched words in <mark>.
 */
import { htmlToText } from "~/lib/text";

/**
 * ts_headline marks matches with these instead of tags, so that everything else can be escaped. The
 * stored body text never contains control characters (bodyTextOf), so a mark is always ours.
 */
const MARK_START = "\u0002";
const MARK_END = "\u0003";
export const HEADLINE_OPTIONS = `StartSel="${MARK_START}", StopSel="${MARK_END}", MaxFragments=1, MaxWords=25, MinWords=10`;

/** The body as search indexes and quotes it: plain text in NFC, without control characters. */
export function bodyTextOf(html: string): string {
  return htmlToText(html).normalize("NFC").replace(/\s*\p{Cc}[\s\p{Cc}]*/gu, " ").trim();
}

/** Escapes the text for HTML, and turns ts_headline's marks into <mark> elements. */
const REPLACEMENTS: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  [MARK_START]: "<mark>",
  [MARK_END]: "</mark>",
};
const toHtml = (text: string) => text.replace(/[&<>"'\u0002\u0003]/g, (c) => REPLACEMENTS[c] ?? c);

/**
 * The body as ts_headline reads it (stored text is already NFC): search_fold's ZWJ/ZWNJ dropped and
 * chandrabindu read as anusvara, and "<" as a space. `origins[i]` is where folded character i sits in the body.
 */
function fold(body: string): { folded: string; origins: number[] } {
  let folded = "";
  const origins: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const char = body.charAt(i);
    if (char === "\u200C" || char === "\u200D") continue;
    origins.push(i);
    folded += char === "\u0901" ? "\u0902" : char === "<" ? " " : char;
  }
  origins.push(body.length);
  return { folded, origins };
}

/**
 * `headline` is ts_headline's output over the folded body. Its words are mapped back onto `body`, so
 * the snippet keeps the article's own joiners and chandrabindu. "…" shows where the body goes on.
 */
export function snippetHtml(headline: string, body: string): string {
  const { folded, origins } = fold(body);
  const start = folded.indexOf(headline.replace(/[\u0002\u0003]/g, ""));
  // Not a piece of the body (its parser still dropped something, or the body is not NFC): show its own words.
  if (start < 0) return toHtml(headline);
  let html = start > 0 ? "…" : "";
  let from = start;
  let at = start;
  for (const char of headline) {
    if (char === MARK_START || char === MARK_END) {
      html += toHtml(body.slice(origins[from], origins[at])) + toHtml(char);
      from = at;
    } else {
      at += char.length;
    }
  }
  html += toHtml(body.slice(origins[from], origins[at]));
  return at < folded.length ? `${html}…` : html;
}
