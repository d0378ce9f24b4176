/**
 * The difference between two revisions as a person reads it: words added and removed in the text
 * of the story, paragraph by paragraph, never its HTML.
 */
import { DIFF_DELETE, DIFF_INSERT, cleanupSemantic, makeDiff } from "@sanity/diff-match-patch";
import type { DiffPart } from "~/lib/api-types";
import { htmlToText } from "~/lib/text";

const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|figcaption|figure|pre|div)>|<br\s*\/?>/i;

/** A body's text with one blank line between its paragraphs, headings and list items. */
export function readableText(html: string): string {
  return html
    .split(BLOCK_END)
    .map(htmlToText)
    .filter((block) => block !== "")
    .join("\n\n");
}

/** The parts of `after` that are new, the parts of `before` that went, and what both share. */
export function readableDiff(before: string, after: string): DiffPart[] {
  // Semantic clean-up: whole words and phrases, not a scatter of changed letters.
  return cleanupSemantic(makeDiff(before, after)).map(([op, text]) => ({
    change: op === DIFF_INSERT ? "added" : op === DIFF_DELETE ? "removed" : "same",
    text,
  }));
}
