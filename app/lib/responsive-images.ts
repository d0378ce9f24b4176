/**
 * Responsive images: every uploaded image is also stored at a few smaller widths, named after the
 * original (`abc.jpg` → `abc-480w.jpg`), so a phone downloads a fraction of the desktop image.
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

/** `srcset` for one of our uploads of known width, at the site's media base; undefined for other images. */
export function srcSetFor(url: string | null | undefined, width: number | null | undefined, mediaBase = LOCAL_MEDIA_BASE): string | undefined {
  if (!url || !width || !UPLOAD.test(url)) return undefined;
  const at = (path: string) => publicMediaUrl(path, mediaBase);
  const candidates = variantWidths(width).map((w) => `${at(variantUrl(url, w)!)} ${w}w`);
  if (candidates.length === 0) return undefined;
  return [...candidates, `${at(url)} ${width}w`].join(", ");
}
