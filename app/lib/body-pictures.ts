/**
 * Images in an article's stored HTML (the editor's uploads) as `<picture>`s with the AVIF and WebP
 * variants recorded for them; an image without any, or not one of our uploads, stays as it is.
 * The stored HTML is left alone: variants may be made after it was saved (`npm run media:variants`).
 */
import { LOCAL_MEDIA_BASE } from "./media-url";
import { MODERN_FORMATS, modernSrcSet } from "./responsive-images";

const UPLOAD_IMAGE = /<img\b[^>]*?\ssrc="(\/uploads\/[^"]+)"[^>]*>/gi;
const WIDTH_ATTRIBUTE = /\swidth="(\d+)"/i;

/** ArticleBody's column: at most 768 px, the screen less its margins on phones; an image without a width is 300 px wide. */
function sizesOf(tag: string): string {
  const width = Number(tag.match(WIDTH_ATTRIBUTE)?.[1] ?? 300);
  return `(min-width: 800px) ${Math.min(width, 768)}px, min(${width}px, calc(100vw - 2rem))`;
}

/** The upload paths of the images in `html`, whose variants the page needs to know. */
export function bodyImageUploads(html: string): string[] {
  return [...html.matchAll(UPLOAD_IMAGE)].map((match) => match[1]!);
}

export function bodyPictures(html: string, variants: Readonly<Record<string, readonly number[]>>, mediaBase = LOCAL_MEDIA_BASE): string {
  return html.replace(UPLOAD_IMAGE, (tag: string, url: string) => {
    const widths = variants[url];
    if (!widths?.length) return tag;
    const sizes = sizesOf(tag);
    const sources = MODERN_FORMATS.map((format) => `<source type="image/${format}" srcset="${modernSrcSet(url, widths, format, mediaBase)}" sizes="${sizes}">`);
    return `<picture>${sources.join("")}${tag}</picture>`;
  });
}
