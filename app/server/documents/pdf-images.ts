import { PDFArray, PDFName, type PDFDict } from "pdf-lib";

/**
 * A picture a PDF stores as a JPEG file, byte for byte (DCTDecode its only filter), with whatever
 * the file held besides the picture (issue 38: examined in structure.ts, dropped in prepare.ts).
 */
export function isJpegImage(dict: PDFDict): boolean {
  if (dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) return false;
  const filter = dict.get(PDFName.of("Filter"));
  const only = filter instanceof PDFArray && filter.size() === 1 ? filter.get(0) : filter;
  return only === PDFName.of("DCTDecode");
}
