const JOINERS = /[\u200C\u200D]/g;
const NOT_LETTER_MARK_NUMBER = /[^\p{L}\p{M}\p{N}]+/gu;

/**
 * The spec's slug rule (lowercase, non-alphanumerics become hyphens, hyphens trimmed), widened to
 * Unicode letters so that a Devanagari title keeps a readable slug instead of an empty one.
 * ZWJ/ZWNJ are invisible and typed inconsistently, so they are dropped rather than split on.
 */
export function slugify(title: string): string {
  return title
    .normalize("NFC")
    .replace(JOINERS, "")
    .toLowerCase()
    .replace(NOT_LETTER_MARK_NUMBER, "-")
    .replace(/^-+|-+$/g, "");
}

/** A slug that is never empty: titles made only of punctuation fall back to `fallback`. */
export function slugOrFallback(title: string, fallback: string): string {
  return slugify(title) || fallback;
}

/** `base`, or `base-2`, `base-3`… : the first candidate `isTaken` rejects is skipped. */
export async function uniqueSlug(base: string, isTaken: (slug: string) => Promise<boolean>): Promise<string> {
  if (!(await isTaken(base))) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!(await isTaken(candidate))) return candidate;
  }
}
