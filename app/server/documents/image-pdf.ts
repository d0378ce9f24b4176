/**
 * A photo or scan of a document as a one-page PDF (issue 38): the pixels alone, turned upright by
 * the EXIF orientation and encoded anew by sharp, which writes no metadata it is not asked for, so
 * no EXIF, XMP, IPTC, comment, colour profile or embedded thumbnail of the original survives. An
 * image is always flat: the page is the picture, with no text layer but the words read from it
 * when asked (ocr.ts).
 */
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { addTextLayer, type TextReader } from "./ocr";

export interface ImagePdfOptions {
  /** Pixels per inch on the page at most: a larger picture is scaled down to it. */
  dpi?: number;
  /** Reads the picture's words into an invisible layer over it (ocr.ts). */
  reader?: TextReader | null;
}

/** Above this the file is refused unread (a "decompression bomb" of a few kilobytes). */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** The page's picture at most: a larger one is scaled down, to bound the memory of reading it back. */
const MAX_PAGE_PIXELS = 40_000_000;
/**
 * A scanner states its resolution (300 dpi) and the page gets its paper's size; a camera's stated
 * 72 dpi (or none) says nothing of the paper, and the page is laid out at 150, the flattening's.
 */
const LEAST_STATED_DPI = 100;
const ASSUMED_DPI = 150;
const JPEG_QUALITY = 90;

export const openImage = (bytes: Uint8Array) => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS });

export async function imagePdf(bytes: Uint8Array, { dpi, reader }: ImagePdfOptions = {}): Promise<Uint8Array> {
  const metadata = await openImage(bytes).metadata();
  const { width, height } = metadata.autoOrient;
  const stated = metadata.density !== undefined && metadata.density >= LEAST_STATED_DPI ? metadata.density : ASSUMED_DPI;
  const scale = Math.min(1, (dpi ?? stated) / stated, Math.sqrt(MAX_PAGE_PIXELS / (width * height)));
  // A PNG (a scan, often black text on white) is kept lossless; a photo, JPEG or WebP, is a JPEG.
  const asJpeg = metadata.format !== "png";
  let pipeline = openImage(bytes).autoOrient();
  if (scale < 1) pipeline = pipeline.resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { fit: "fill" });
  pipeline = pipeline.flatten({ background: "#ffffff" }).toColourspace("srgb");
  const encoded = await (asJpeg ? pipeline.jpeg({ quality: JPEG_QUALITY }) : pipeline.png()).toBuffer();

  const doc = await PDFDocument.create({ updateMetadata: false });
  const image = asJpeg ? await doc.embedJpg(encoded) : await doc.embedPng(encoded);
  const page = [(width * 72) / stated, (height * 72) / stated] as const;
  const pdfPage = doc.addPage([page[0], page[1]]);
  pdfPage.drawImage(image, { x: 0, y: 0, width: page[0], height: page[1] });
  if (reader) await addTextLayer(doc, pdfPage, await reader.textLayer(encoded, stated * scale));
  return doc.save();
}
