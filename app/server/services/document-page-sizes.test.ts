import { PDFDocument, degrees } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { openPdf } from "../documents/pdfjs";
import { shownPageSizes } from "./document-page-sizes";

/** A4 upright, then A4 turned a quarter by /Rotate, then a page whose crop box is smaller than its media box. */
async function threePages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  doc.addPage([595, 842]).setRotation(degrees(90));
  doc.addPage([600, 800]).setCropBox(50, 100, 400, 500);
  return doc.save();
}

describe("the shown size of a document's pages, in points", () => {
  it("is what pdf.js shows (crop box, rotation applied), which the examination's rects are measured in", async () => {
    const bytes = await threePages();
    const sizes = await shownPageSizes(bytes, [1, 2, 3, 9]);
    expect(sizes).toEqual({ 1: { width: 595, height: 842 }, 2: { width: 842, height: 595 }, 3: { width: 400, height: 500 } });
    const doc = await openPdf(bytes);
    try {
      for (const number of [1, 2, 3]) {
        const viewport = (await doc.getPage(number)).getViewport({ scale: 1 });
        expect({ width: viewport.width, height: viewport.height }).toEqual(sizes[number]);
      }
    } finally {
      await doc.destroy();
    }
  });
});
