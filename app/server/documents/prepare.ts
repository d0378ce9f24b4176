/**
 * "Prepare for publication" (issue 38). Always a new file holding the pages alone: document
 * information, XMP, embedded files, scripts, forms, annotations, thumbnails and earlier versions
 * are left behind, since only what a page draws is copied across. With `flatten`, each page is
 * drawn as the reader saw it (annotations included, hidden layers left hidden) at `dpi` and the
 * new file holds those pictures and no text at all. The caller examines the result again.
 */
import { createCanvas } from "@napi-rs/canvas";
import { PDFDict, PDFDocument, PDFName, PDFObjectCopier } from "pdf-lib";
import { openPdf, pdfjs } from "./pdfjs";

export interface PrepareOptions {
  flatten: boolean;
  /** Resolution of a flattened page; 72 to 300. */
  dpi?: number;
}

const DEFAULT_DPI = 150;
const MAX_DPI = 300;
/** A page drawn at more pixels than this is drawn at a lower resolution, to bound the memory. */
const MAX_PIXELS = 40_000_000;
const JPEG_QUALITY = 85;
/** What a page may carry besides its drawing; none of it is copied. */
const PAGE_EXTRAS = ["Annots", "AA", "Thumb", "Metadata", "PieceInfo", "B", "StructParents", "Trans"];

export async function prepare(bytes: Uint8Array, { flatten, dpi = DEFAULT_DPI }: PrepareOptions): Promise<Uint8Array> {
  return flatten ? flattenPages(bytes, Math.min(Math.max(dpi, 72), MAX_DPI)) : rewrite(bytes);
}

async function rewrite(bytes: Uint8Array): Promise<Uint8Array> {
  const source = await PDFDocument.load(bytes, { updateMetadata: false });
  const out = await PDFDocument.create({ updateMetadata: false });
  // Removed before copying: the copy takes everything a page points to into the new file.
  for (const page of source.getPages()) for (const key of PAGE_EXTRAS) page.node.delete(PDFName.of(key));
  const pages = await out.copyPages(source, source.getPageIndices());
  for (const page of pages) out.addPage(page);
  // Layers hidden from view stay hidden: without their settings, a viewer would show them.
  const layers = source.catalog.lookupMaybe(PDFName.of("OCProperties"), PDFDict);
  if (layers) out.catalog.set(PDFName.of("OCProperties"), PDFObjectCopier.for(source.context, out.context).copy(layers));
  return out.save();
}

async function flattenPages(bytes: Uint8Array, dpi: number): Promise<Uint8Array> {
  const doc = await openPdf(bytes);
  const out = await PDFDocument.create({ updateMetadata: false });
  try {
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number);
      const size = page.getViewport({ scale: 1 });
      const scale = Math.min(dpi / 72, Math.sqrt(MAX_PIXELS / (size.width * size.height)));
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext("2d");
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      // pdf.js draws on the browser's canvas; @napi-rs/canvas is the same interface in Node.
      const canvasContext = context as unknown as CanvasRenderingContext2D;
      await page.render({ canvas: null, canvasContext, viewport, annotationMode: pdfjs.AnnotationMode.ENABLE }).promise;
      const jpeg = await canvas.encode("jpeg", JPEG_QUALITY);
      page.cleanup();
      const image = await out.embedJpg(jpeg);
      out.addPage([size.width, size.height]).drawImage(image, { x: 0, y: 0, width: size.width, height: size.height });
    }
  } finally {
    await doc.destroy();
  }
  return out.save();
}
