/**
 * The size of a document's pages as they are shown (crop box, rotation applied), in PDF points:
 * what the back office needs to lay a finding's `rect` (points from the page's top-left corner,
 * app/server/documents/findings.ts) over a picture of the page drawn at any width.
 *
 * Read from the file with pdf-lib, which only parses the page tree: nothing is drawn. Until the
 * examination keeps these sizes itself, this is the one place that reads them for a file not yet
 * published (published files have theirs in `page_sizes`).
 */
import { PDFDocument } from "pdf-lib";
import type { DocumentFile } from "~/lib/limits";
import type { Locale } from "~/lib/i18n";
import type { Executor } from "../db/connection";
import { type Actor, requireAbility } from "./actor";
import { readDocumentFile } from "./document-files";
import { getDocument } from "./documents";
import { AppError } from "../errors";

export interface PageSize {
  width: number;
  height: number;
}

/**
 * The shown sizes of `pages` (numbers from 1) of the document's `file`, for one who may see its
 * findings; a page the file lacks is left out, and a file pdf-lib cannot parse gives none (the
 * findings are still listed, without their outline).
 */
export async function documentPageSizes(
  db: Executor,
  actor: Actor | null,
  id: number,
  file: DocumentFile,
  pages: readonly number[],
  locale: Locale,
): Promise<Record<number, PageSize>> {
  requireAbility(actor, "backOffice");
  const { document } = await getDocument(db, actor, String(id), locale);
  if (!("findings" in document)) throw new AppError(404, "documentNotFound");
  if (pages.length === 0) return {};
  const bytes = await readDocumentFile(db, id, file);
  if (!bytes) return {};
  try {
    return await shownPageSizes(bytes, pages);
  } catch (error) {
    console.error(`document ${id}: its ${file} file's page sizes could not be read`, error);
    return {};
  }
}

/** The shown sizes of `pages` of a PDF; a page the file lacks is left out. Throws when pdf-lib cannot parse the file. */
export async function shownPageSizes(bytes: Uint8Array, pages: readonly number[]): Promise<Record<number, PageSize>> {
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  const count = pdf.getPageCount();
  const sizes: Record<number, PageSize> = {};
  for (const number of new Set(pages)) {
    if (number < 1 || number > count) continue;
    const page = pdf.getPage(number - 1);
    const { width, height } = page.getCropBox();
    const turned = ((page.getRotation().angle % 360) + 360) % 180 === 90;
    sizes[number] = turned ? { width: Math.abs(height), height: Math.abs(width) } : { width: Math.abs(width), height: Math.abs(height) };
  }
  return sizes;
}
