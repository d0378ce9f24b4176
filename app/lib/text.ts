const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Plain text of an HTML fragment: tags become spaces, entities are decoded, whitespace collapses. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] === "#") {
        const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
        return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
      }
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

const WORDS_PER_MINUTE = 200;

export function wordCount(html: string): number {
  const text = htmlToText(html);
  return text === "" ? 0 : text.split(" ").length;
}

/** Minutes to read: word count divided by 200, rounded up (docs/product.md#validation-rules). */
export function readTimeForWords(words: number): number {
  return Math.ceil(words / WORDS_PER_MINUTE);
}

export function readTimeMinutes(html: string): number {
  return readTimeForWords(wordCount(html));
}

/** Excerpt lengths of docs/product.md#limits-and-constants. */
export const EXCERPT_LENGTH = { default: 160, allNews: 120, category: 150 } as const;

/** The first `length` characters of the text, cut back to a word boundary, with an ellipsis when cut. */
export function excerpt(html: string, length: number = EXCERPT_LENGTH.default): string {
  return truncateText(htmlToText(html), length);
}

function truncateText(text: string, length: number): string {
  const chars = Array.from(text);
  if (chars.length <= length) return text;
  const cut = chars.slice(0, length).join("");
  const lastSpace = cut.lastIndexOf(" ");
  // "crossed.…" reads as a typo: the ellipsis replaces any punctuation the cut ended on.
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?।॥–—-]+$/u, "")}…`;
}

/**
 * An excerpt already made by `excerpt` (the 160 characters every summary carries), cut down to a
 * shorter `length` at a word boundary. Listings get the summary, not the article body, so this is
 * how they show the 120 and 150 characters of docs/product.md#limits-and-constants.
 */
export function shortenExcerpt(existing: string, length: number): string {
  const wasCut = existing.endsWith("…");
  const text = wasCut ? existing.slice(0, -1) : existing;
  const shortened = truncateText(text, length);
  return wasCut && !shortened.endsWith("…") ? `${shortened}…` : shortened;
}
