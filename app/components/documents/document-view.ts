/**
 * What the reader's document view works from (issue 38): a published document's pages and text,
 * and the `#p=N` address of each page, which the page without script (each page's id) and the
 * viewer (islands) read alike, so that a citation's link opens its page either way.
 */
import type { DocumentPageJson, PublicDocumentJson } from "~/lib/api-types";

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
