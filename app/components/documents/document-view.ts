/**
 * What the reader's document view works from (issue 38): a published document's pages and text,
 * and the `#p=N` address of each page, which the page without script (each page's id) and the
 * viewer (islands) read alike, so that a citation's link opens its page either way.
 */
import type { DocumentPageJson, PublicDocumentJson } from "~/lib/api-types";
import { LOCAL_MEDIA_BASE, publicMediaUrl } from "~/lib/media-url";

/** What the viewer needs of a published document: its pages' pictures, its text and its file. */
export type ViewerDocument = Pick<PublicDocumentJson, "slug" | "url" | "text_url" | "page_images">;

export const viewerDocumentOf = ({ slug, url, text_url, page_images }: PublicDocumentJson): ViewerDocument => ({ slug, url, text_url, page_images });

/** The id of a page's picture on the page without script: `#p=4` scrolls to it there. */
export const pageAnchor = (page: number) => `p=${page}`;

export const pageHash = (page: number) => `#${pageAnchor(page)}`;

/** The page an address's `#p=N` names, when the document has it. */
export function pageFromHash(hash: string, pages: number): number | null {
  const match = /^#p=(\d{1,6})$/.exec(hash);
  if (!match) return null;
  const page = Number(match[1]);
  return page >= 1 && page <= pages ? page : null;
}

/** The picture's box on screen keeps the page's shape before it loads: no jump when it arrives. */
export const aspectRatio = (page: DocumentPageJson) => `${page.width} / ${page.height}`;

/** The zoom steps: 1 fits the page to the viewer's width. */
export const ZOOMS = [1, 1.5, 2, 3] as const;

/**
 * A page's picture in the reader's column (max-w-3xl inside the layout's px-4), at a zoom: the phone
 * takes the narrow drawing, a wide screen or a zoomed page the full one.
 */
export const pageImageSizes = (zoom = 1) => `(min-width: 800px) ${768 * zoom}px, calc((100vw - 2rem) * ${zoom})`;

/** The page's drawings as a srcset; undefined for a document drawn before phones got their own (its one picture stands). */
export function pageSrcSet(page: DocumentPageJson, mediaBase = LOCAL_MEDIA_BASE): string | undefined {
  if (page.image_widths.length === 0) return undefined;
  return page.image_widths.map(({ url, width }) => `${publicMediaUrl(url, mediaBase)} ${width}w`).join(", ");
}
