/**
 * Responsive images: every uploaded image is also stored at a few smaller widths, named after the
 * original (`abc.jpg` → `abc-480w.jpg`), so a phone downloads a fraction of the desktop image; and
 * in AVIF and WebP (`abc-480w.avif`, `abc-480w.webp`), which the same picture costs a half or less in.
 */
import { LOCAL_MEDIA_BASE, publicMediaUrl } from "./media-url";

const IMAGE_WIDTHS = [480, 960, 1600] as const;

const UPLOAD = /^(\/uploads\/[a-z0-9._-]+?)(\.(?:jpe?g|png))$/i;

export function variantUrl(url: string, width: number): string | null {
  const match = url.match(UPLOAD);
  return match ? `${match[1]}-${width}w${match[2]}` : null;
}

/** The variant widths stored for an image `width` pixels wide: only the ones smaller than it. */
export function variantWidths(width: number): number[] {
  return IMAGE_WIDTHS.filter((w) => w < width);
}

/** The densest screens a reader has: a slot `n` CSS pixels wide is never drawn from more than 3n image pixels. */
const DENSEST_SCREEN = 3;

/**
 * The widths worth offering for a slot at most `drawnAt` CSS pixels wide: up to the first that covers
 * it on the densest screen. A browser never picks a wider one, so listing them only weighs the page
 * (a card's thumbnail named every width up to 1440 on each of home's 30 cards).
 */
export function widthsFor(widths: readonly number[], drawnAt: number | undefined): readonly number[] {
  if (!drawnAt) return widths;
  const covering = widths.findIndex((w) => w >= drawnAt * DENSEST_SCREEN);
  return covering < 0 ? widths : widths.slice(0, covering + 1);
}

/** `srcset` for one of our uploads of known width, at the site's media base; undefined for other images. */
export function srcSetFor(url: string | null | undefined, width: number | null | undefined, mediaBase = LOCAL_MEDIA_BASE, drawnAt?: number): string | undefined {
  if (!url || !width || !UPLOAD.test(url)) return undefined;
  const at = (path: string) => publicMediaUrl(path, mediaBase);
  const widths = variantWidths(width);
  if (widths.length === 0) return undefined;
  return widthsFor([...widths, width], drawnAt)
    .map((w) => `${at(w === width ? url : variantUrl(url, w)!)} ${w}w`)
    .join(", ");
}

/** The modern formats, in the order a `<picture>` offers them: the first a browser supports wins. */
export const MODERN_FORMATS = ["avif", "webp"] as const;
export type ModernFormat = (typeof MODERN_FORMATS)[number];

/** A phone's card at DPR 2 needs 240, its full-width image at DPR 3 1440: nothing on the site is wider. */
const MODERN_WIDTHS = [240, 480, 960] as const;
const WIDEST_MODERN = 1440;

/** The AVIF and WebP widths made for an image `width` pixels wide: never wider than it, and its own width when that is under the widest. */
export function modernWidths(width: number): number[] {
  return [...MODERN_WIDTHS.filter((w) => w < width), Math.min(width, WIDEST_MODERN)];
}

export function modernVariantUrl(url: string, width: number, format: ModernFormat): string | null {
  const match = url.match(UPLOAD);
  return match ? `${match[1]}-${width}w.${format}` : null;
}

/** `srcset` of one modern format for an upload whose stored widths are `widths` (those media_variants records). */
export function modernSrcSet(url: string, widths: readonly number[], format: ModernFormat, mediaBase = LOCAL_MEDIA_BASE, drawnAt?: number): string | undefined {
  const candidates = widthsFor(widths, drawnAt).flatMap((w) => {
    const variant = modernVariantUrl(url, w, format);
    return variant ? [`${publicMediaUrl(variant, mediaBase)} ${w}w`] : [];
  });
  return candidates.length > 0 ? candidates.join(", ") : undefined;
}

/** The placeholder's own widths in each modern format (public/placeholder-480w.avif, made once from placeholder.jpg, 1200 px wide). */
export function placeholderSrcSet(placeholder: string, format: ModernFormat, drawnAt?: number): string {
  const stem = placeholder.replace(/\.jpg$/, "");
  return widthsFor(modernWidths(1200), drawnAt)
    .map((w) => `${stem}-${w}w.${format} ${w}w`)
    .join(", ");
}
