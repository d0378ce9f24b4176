/**
 * "Prepare for publication" (issue 38). Always a new file holding the pages alone: document
 * information, XMP, embedded files, scripts, forms, annotations, thumbnails, outlines and earlier
 * versions are left behind, and the photos' EXIF, XMP and IPTC inside its JPEG pictures, and the XML
 * and comments inside its JPEG 2000 ones. With `flatten`, each page is
 * drawn as the reader saw it (annotations included, hidden layers left hidden) at `dpi` and the
 * new file holds those pictures and no text at all, unless `ocr` names languages: then each
 * picture's words, read from its pixels (ocr.ts), lie invisibly over it. The caller examines the
 * result again.
 */
import { createCanvas } from "@napi-rs/canvas";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream, type PDFObject } from "pdf-lib";
import { releaseCanvas } from "./canvas-memory";
import { isImage } from "./file-kind";
import { jpegWithoutMetadata } from "./jpeg-segments";
import { isJpeg2000Image, jpeg2000WithoutMetadata } from "./jpeg2000";
import { isJpegImage } from "./pdf-images";
import { addTextLayer, openTextReader, type TextReader } from "./ocr";
import { openPdf, pdfjs } from "./pdfjs";

export interface PrepareOptions {
  flatten: boolean;
  /** Resolution of a flattened page; 72 to 300. */
  dpi?: number;
  /** With `flatten`: Tesseract's codes of the languages each page's picture is read in. */
  ocr?: string[];
}

const DEFAULT_DPI = 150;
const MAX_DPI = 300;
/** A page drawn at more pixels than this is drawn at a lower resolution, to bound the memory. */
const MAX_PIXELS = 40_000_000;
const JPEG_QUALITY = 85;
/** What is kept of the catalog, of the page tree's nodes and of each page: what draws the pages. */
const KEPT_IN_CATALOG = new Set(["Type", "Pages", "OCProperties", "Lang"]);
const KEPT_IN_PAGE = new Set(["Type", "Parent", "Kids", "Count", "Resources", "MediaBox", "CropBox", "BleedBox", "TrimBox", "ArtBox", "Rotate", "Contents", "Group", "UserUnit"]);
/** Private data an image or a drawing may carry from the program that made it. */
const DROPPED_EVERYWHERE = ["Metadata", "PieceInfo"];

/**
 * A photo or scan is always made a one-page PDF of its pixels alone (image-pdf.ts): it is flat
 * already, and flattening only caps its resolution at `dpi`.
 */
export async function prepare(bytes: Uint8Array, { flatten, dpi = DEFAULT_DPI, ocr = [] }: PrepareOptions): Promise<Uint8Array> {
  // sharp is loaded only for a photo or scan (worker.ts).
  const { imagePdf } = isImage(bytes) ? await import("./image-pdf") : { imagePdf: null };
  const capped = Math.min(Math.max(dpi, 72), MAX_DPI);
  if (!flatten) return imagePdf ? imagePdf(bytes) : rewrite(bytes);
  const reader = ocr.length > 0 ? await openTextReader(ocr) : null;
  try {
    return imagePdf ? await imagePdf(bytes, { dpi: capped, reader }) : await flattenPages(bytes, capped, reader);
  } finally {
    await reader?.close();
  }
}

function keepOnly(dict: PDFDict, kept: Set<string>) {
  for (const key of dict.keys()) if (!kept.has(key.decodeText())) dict.delete(key);
}

/**
 * The file rewritten from its catalog: only what its pages draw is kept, and every object that
 * nothing points to any more (the information dictionary, scripts, files, form fields, earlier
 * versions of objects) is dropped before it is written.
 */
async function rewrite(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const { context, catalog } = doc;
  keepOnly(catalog, KEPT_IN_CATALOG);
  for (const page of doc.getPages()) {
    for (let node: PDFDict | undefined = page.node; node; node = node.lookupMaybe(PDFName.of("Parent"), PDFDict)) keepOnly(node, KEPT_IN_PAGE);
  }
  context.trailerInfo = { Root: context.trailerInfo.Root };
  const reachable = new Set<PDFRef>();
  const visit = (object: PDFObject | undefined) => {
    if (object instanceof PDFRef) {
      if (reachable.has(object)) return;
      reachable.add(object);
      return visit(context.lookup(object));
    }
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
    if (dict) {
      for (const key of DROPPED_EVERYWHERE) dict.delete(PDFName.of(key));
      for (const value of dict.values()) visit(value);
    } else if (object instanceof PDFArray) {
      for (const value of object.asArray()) visit(value);
    }
  };
  visit(context.trailerInfo.Root);
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!reachable.has(ref)) context.delete(ref);
    else if (object instanceof PDFRawStream && (isJpegImage(object.dict) || isJpeg2000Image(object.dict))) {
      const clean = (isJpegImage(object.dict) ? jpegWithoutMetadata : jpeg2000WithoutMetadata)(object.getContents());
      if (clean) context.assign(ref, PDFRawStream.of(object.dict, clean));
    }
  }
  return doc.save();
}

async function flattenPages(bytes: Uint8Array, dpi: number, reader: TextReader | null): Promise<Uint8Array> {
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
      // On this low-priority thread, not the process's shared thread pool (render.ts, encode).
      const jpeg = canvas.encodeSync("jpeg", JPEG_QUALITY);
      releaseCanvas(canvas);
      page.cleanup();
      const image = await out.embedJpg(jpeg);
      const flat = out.addPage([size.width, size.height]);
      flat.drawImage(image, { x: 0, y: 0, width: size.width, height: size.height });
      if (reader) await addTextLayer(out, flat, await reader.textLayer(jpeg, scale * 72));
    }
  } finally {
    await doc.destroy();
  }
  return out.save();
}
