/**
 * A published PDF's pages for the reader's document viewer (issue 38): each page drawn as a
 * picture for the viewer and a thumbnail for the page list, with its text and where each run of
 * it lies, so the viewer can lay selectable transparent text over the picture. Runs in the
 * documents worker (worker.ts); one page is drawn at a time and handed to `onPage` before the next
 * is read, so a long file needs the memory of one page, not of all of them.
 */
import { createCanvas, type Canvas } from "@napi-rs/canvas";
import { releaseCanvas } from "./canvas-memory";
import { isImage } from "./file-kind";
import type { ExaminationProgress } from "./findings";
import { openPdf, pdfjs, type PdfPage } from "./pdfjs";

export interface RenderOptions {
  /** The viewer's picture's width in pixels (a tall page may get less, see MAX_PIXELS). */
  width?: number;
  thumbnailWidth?: number;
  /** The phone's picture's width (issue 38): what a 375–412 px screen at its density needs of the page. */
  phoneWidth?: number;
  /** Only this page (counting from 1): the back office's look at one page; a page past the end draws nothing. */
  page?: number;
}

export interface PageImage {
  /** WebP. */
  bytes: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
}

/**
 * A run of text as the file draws it (a word, a line or part of one). `box` is [left, top,
 * right, bottom] in shares (0 to 1) of the page's shown width and height, from its top-left
 * corner. A run drawn at an angle has its box as if it were upright, to be turned by `angle`
 * degrees clockwise about its top-left corner.
 */
export interface TextRun {
  text: string;
  box: [number, number, number, number];
  angle?: number;
}

/** `page` counts from 1; `size` is the page as shown (rotation applied), in points. */
export interface RenderedPage extends ExaminationProgress {
  size: { width: number; height: number };
  image: PageImage;
  /** The picture made smaller for a phone; null when the picture is no wider than that already. */
  phone: PageImage | null;
  thumbnail: PageImage;
  text: TextRun[];
}

const DEFAULT_WIDTH = 1200;
/**
 * The viewer's strip shows thumbnails 64 px wide, a story's card 96: 128 is the strip's at density 2,
 * and a phone's twelve of them weigh about half of what 200 px did (issue 38).
 */
const DEFAULT_THUMBNAIL_WIDTH = 128;
/** A 412 px phone (Lighthouse's) shows the page about 380 px wide at density 1.75: 665 px. */
export const DEFAULT_PHONE_WIDTH = 720;
/** A very tall page (a receipt, a scroll) is drawn narrower, to bound the canvas's memory (24 MB). */
const MAX_PIXELS = 6_000_000;
/** WebP's own limit on either side. */
const MAX_SIDE = 16_383;
const QUALITY = 80;

/**
 * Takes the bytes it is given (pdf.js keeps them, one copy of a 22 MB file fewer while its pages are
 * drawn beside the readers, issue 38): a caller that needs them afterwards passes a copy.
 */
export async function render(bytes: Uint8Array, onPage: (page: RenderedPage) => void | Promise<void>, options: RenderOptions = {}): Promise<{ pages: number }> {
  const width = options.width ?? DEFAULT_WIDTH;
  const thumbnailWidth = options.thumbnailWidth ?? DEFAULT_THUMBNAIL_WIDTH;
  const phoneWidth = options.phoneWidth ?? DEFAULT_PHONE_WIDTH;
  // A photo or scan (the back office's look at an original) is drawn as its preparation lays it out;
  // what makes the PDF of it (pdf-lib, sharp) is loaded only then (worker.ts).
  const doc = await openPdf(isImage(bytes) ? await (await import("./image-pdf")).imagePdf(bytes) : bytes, { handOver: true });
  try {
    const first = options.page ?? 1;
    const last = options.page ?? doc.numPages;
    for (let number = first; number <= Math.min(last, doc.numPages); number++) {
      const page = await doc.getPage(number);
      const { width: pageWidth, height: pageHeight } = page.getViewport({ scale: 1 });
      const canvas = await draw(page, width);
      const image = encode(canvas);
      const phone = canvas.width > phoneWidth ? encodeSmaller(canvas, phoneWidth) : null;
      const thumbnail = encodeSmaller(canvas, thumbnailWidth);
      releaseCanvas(canvas);
      const text = await textRuns(page);
      page.cleanup();
      await onPage({ page: number, pages: doc.numPages, size: { width: pageWidth, height: pageHeight }, image, phone, thumbnail, text });
    }
    return { pages: doc.numPages };
  } finally {
    await doc.destroy();
  }
}

/** The page as a reader's PDF viewer shows it: annotations' appearances drawn, hidden layers hidden. */
async function draw(page: PdfPage, width: number): Promise<Canvas> {
  const size = page.getViewport({ scale: 1 });
  const scale = Math.min(width / size.width, Math.sqrt(MAX_PIXELS / (size.width * size.height)), MAX_SIDE / size.width, MAX_SIDE / size.height);
  const viewport = page.getViewport({ scale });
  // Whole pixels, rounded down (but for a float's error), so the bounds above hold.
  const canvas = createCanvas(Math.max(1, Math.floor(viewport.width + 0.001)), Math.max(1, Math.floor(viewport.height + 0.001)));
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  // pdf.js draws on the browser's canvas; @napi-rs/canvas is the same interface in Node.
  const canvasContext = context as unknown as CanvasRenderingContext2D;
  await page.render({ canvas: null, canvasContext, viewport, annotationMode: pdfjs.AnnotationMode.ENABLE }).promise;
  return canvas;
}

/** The phone's picture and the thumbnail are the page's picture made smaller, not second drawings of the page. */
function shrink(canvas: Canvas, width: number): Canvas {
  const scale = Math.min(1, width / canvas.width);
  const small = createCanvas(Math.max(1, Math.round(canvas.width * scale)), Math.max(1, Math.round(canvas.height * scale)));
  const context = small.getContext("2d");
  context.imageSmoothingQuality = "high";
  context.drawImage(canvas, 0, 0, small.width, small.height);
  return small;
}

/**
 * On this thread, not the process's shared thread pool (where `encode` sends it): this thread runs
 * at the lowest priority (worker.ts), the pool's threads at the readers' own.
 */
function encode(canvas: Canvas): PageImage {
  return { bytes: new Uint8Array(canvas.encodeSync("webp", QUALITY)), width: canvas.width, height: canvas.height };
}

/** A smaller picture of the page, encoded, its canvas let go. */
function encodeSmaller(canvas: Canvas, width: number): PageImage {
  const small = shrink(canvas, width);
  const image = encode(small);
  releaseCanvas(small);
  return image;
}

interface TextContentItem {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
  fontName?: string;
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Each run placed as pdf.js's own text layer places it (TextLayer in pdfjs-dist): its baseline's
 * start moved up by the font's ascent, one font size high, as wide as the file says it is.
 */
async function textRuns(page: PdfPage): Promise<TextRun[]> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const runs: TextRun[] = [];
  for (const item of content.items as TextContentItem[]) {
    if (!item.str?.trim() || !item.transform) continue;
    const style = content.styles[item.fontName ?? ""];
    const [a, b, c, d, e, f] = pdfjs.Util.transform(viewport.transform, item.transform) as number[];
    let angle = Math.atan2(b!, a!);
    if (style?.vertical) angle += Math.PI / 2;
    const fontHeight = Math.hypot(c!, d!);
    const ascent = fontHeight * (style?.ascent ? style.ascent : style?.descent ? 1 + style.descent : 0.8);
    const left = angle === 0 ? e! : e! + ascent * Math.sin(angle);
    const top = angle === 0 ? f! - ascent : f! - ascent * Math.cos(angle);
    const length = ((style?.vertical ? item.height : item.width) ?? 0) * viewport.scale;
    const run: TextRun = {
      text: item.str,
      box: [round(left / viewport.width), round(top / viewport.height), round((left + length) / viewport.width), round((top + fontHeight) / viewport.height)],
    };
    const degrees = Math.round((angle * 180) / Math.PI);
    if (degrees % 360 !== 0) run.angle = degrees;
    runs.push(run);
  }
  return runs;
}
