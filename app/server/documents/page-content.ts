/**
 * What a page draws, in the order it draws it: each character with its box, colour and whether it
 * can be seen at all, and each opaque area painted (filled shapes, thick strokes, images). Read
 * from pdf.js's operator list, which has already resolved fonts, colour spaces, inline images and
 * form XObjects: this follows the graphics state through it (the part of a renderer that decides
 * where things land) and paints nothing.
 */
import { pdfjs, type PdfDocument, type PdfPage } from "./pdfjs";
import { expand, IDENTITY, multiply, transformBox, type Box, type Matrix } from "./geometry";

const { OPS } = pdfjs;

export interface DrawnChar {
  text: string;
  /** In user space. */
  box: Box;
  /** Drawing order on the page, shared with areas. */
  order: number;
  /** Render mode 3 or 7, or fully transparent. */
  invisible: boolean;
  /** Its colour as `#rrggbb`, or null for a pattern. */
  color: string | null;
  /** What was painted under its centre before it: a colour, "image", or null for the bare page. */
  background: string | null;
  /** Inside optional content that is hidden by default. */
  inHiddenLayer: boolean;
  /** Where one showText ends, so neighbouring runs are not merged across lines. */
  run: number;
}

export interface PaintedArea {
  box: Box;
  order: number;
  /** `#rrggbb`, "image" for a picture, or null for a pattern. */
  color: string | null;
  image: boolean;
}

export interface PageContent {
  chars: DrawnChar[];
  areas: PaintedArea[];
}

interface FontInfo {
  fontMatrix: number[];
  ascent: number;
  descent: number;
}

interface State {
  ctm: Matrix;
  fill: string | null;
  stroke: string | null;
  fillAlpha: number;
  strokeAlpha: number;
  lineWidth: number;
  font: FontInfo | null;
  fontSize: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  rise: number;
  leading: number;
  renderMode: number;
  textMatrix: Matrix;
  x: number;
  y: number;
  lineX: number;
  lineY: number;
}

interface Glyph {
  unicode: string;
  width: number;
  isSpace: boolean;
}

type OptionalContentConfig = Awaited<ReturnType<PdfDocument["getOptionalContentConfig"]>>;

const FILLS = new Set<number>([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
const STROKES = new Set<number>([OPS.stroke, OPS.closeStroke]);
/** A fill this transparent or more still lets the text under it be read. */
const SEE_THROUGH = 0.5;
const UNIT_SQUARE: Box = [0, 0, 1, 1];

interface ImageData {
  kind?: number;
  data?: ArrayLike<number>;
}

/**
 * Whether a picture hides what is under it: one without an alpha channel does; one with (a
 * watermark, a scanned signature) only if at least half its pixels, sampled, are mostly opaque.
 */
function opaqueImage(image: ImageData | null): boolean {
  if (!image || image.kind !== pdfjs.ImageKind.RGBA_32BPP || !image.data) return true;
  const { data } = image;
  const step = 4 * Math.max(1, Math.floor(data.length / 4 / 10_000));
  let solid = 0;
  let sampled = 0;
  for (let i = 3; i < data.length; i += step, sampled++) if (data[i]! >= 128) solid++;
  return solid >= sampled / 2;
}

export async function readPageContent(page: PdfPage, layers: OptionalContentConfig): Promise<PageContent> {
  const list = await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE });
  const chars: DrawnChar[] = [];
  const areas: PaintedArea[] = [];
  const fonts = new Map<string, FontInfo | null>();
  const stack: State[] = [];
  const hiddenStack: boolean[] = [];
  let hidden = false;
  let order = 0;
  let run = 0;
  let state: State = {
    ctm: IDENTITY,
    fill: "#000000",
    stroke: "#000000",
    fillAlpha: 1,
    strokeAlpha: 1,
    lineWidth: 1,
    font: null,
    fontSize: 0,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    rise: 0,
    leading: 0,
    renderMode: 0,
    textMatrix: IDENTITY,
    x: 0,
    y: 0,
    lineX: 0,
    lineY: 0,
  };

  const fontInfo = (name: string): FontInfo | null => {
    if (!fonts.has(name)) {
      const font = page.commonObjs.has(name) ? (page.commonObjs.get(name) as Partial<FontInfo>) : null;
      fonts.set(
        name,
        font
          ? { fontMatrix: font.fontMatrix ?? [0.001, 0, 0, 0.001, 0, 0], ascent: font.ascent || 0.8, descent: font.descent || -0.2 }
          : null,
      );
    }
    return fonts.get(name) ?? null;
  };

  // Pictures arrive from pdf.js's reader after the operator list does; each is waited for.
  const images = new Map<string, ImageData | null>();
  list.fnArray.forEach((fn, i) => {
    const id: unknown = list.argsArray[i]?.[0];
    if ((fn === OPS.paintImageXObject || fn === OPS.paintImageXObjectRepeat) && typeof id === "string") images.set(id, null);
  });
  for (const id of images.keys()) {
    const objects = id.startsWith("g_") ? page.commonObjs : page.objs;
    images.set(id, await new Promise<ImageData>((resolve) => objects.get(id, resolve)));
  }
  const imageObject = (id: unknown): ImageData | null => (typeof id === "string" ? (images.get(id) ?? null) : null);

  const paint = (box: Box, color: string | null, image: boolean) => {
    if (!hidden) areas.push({ box, order: order++, color, image });
  };

  /** The topmost area under a point, painted before now: what a character is read against. */
  const backgroundAt = (x: number, y: number): string | null => {
    for (let i = areas.length - 1; i >= 0; i--) {
      const { box, color, image } = areas[i]!;
      if (x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3]) return image ? "image" : color;
    }
    return null;
  };

  const setFont = (name: string, size: number) => {
    state.font = fontInfo(name);
    state.fontSize = Math.abs(size);
  };

  const showText = (glyphs: (Glyph | number)[]) => {
    const font = state.font ?? { fontMatrix: [0.001, 0, 0, 0.001, 0, 0], ascent: 0.8, descent: -0.2 };
    const { fontSize, hScale } = state;
    const advanceScale = fontSize * (font.fontMatrix[0] ?? 0.001);
    const textToUser = multiply(multiply([1, 0, 0, 1, state.x, state.y + state.rise], state.textMatrix), state.ctm);
    const mode = state.renderMode;
    const strokes = mode % 4 === 1;
    const color = strokes ? state.stroke : state.fill;
    const alpha = strokes ? state.strokeAlpha : state.fillAlpha;
    const invisible = (mode & 3) === 3 || alpha === 0;
    let x = 0;
    run++;
    for (const glyph of glyphs) {
      if (typeof glyph === "number") {
        x -= (glyph * fontSize) / 1000;
        continue;
      }
      const spacing = (glyph.isSpace ? state.wordSpacing : 0) + state.charSpacing;
      const width = glyph.width * advanceScale;
      const box = transformBox([x * hScale, font.descent * fontSize, (x + width) * hScale, font.ascent * fontSize], textToUser);
      const blank = glyph.unicode.trim() === "";
      chars.push({
        text: blank ? " " : glyph.unicode,
        box,
        order: order++,
        invisible,
        color,
        background: blank ? null : backgroundAt((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
        inHiddenLayer: hidden,
        run,
      });
      x += width + spacing;
    }
    state.x += x * hScale;
  };

  const { fnArray, argsArray } = list;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    // pdf.js types its operator arguments as any[]; each case reads the shape pdf.js emits.
    const args: any[] = argsArray[i] ?? [];
    switch (fn) {
      case OPS.save:
        stack.push({ ...state });
        break;
      case OPS.restore:
        state = stack.pop() ?? state;
        break;
      case OPS.transform:
        state.ctm = multiply(args, state.ctm);
        break;
      case OPS.paintFormXObjectBegin:
        stack.push({ ...state });
        if (args[0]) state.ctm = multiply(args[0], state.ctm);
        break;
      case OPS.paintFormXObjectEnd:
        state = stack.pop() ?? state;
        break;
      case OPS.setFillRGBColor:
        state.fill = args[0];
        break;
      case OPS.setStrokeRGBColor:
        state.stroke = args[0];
        break;
      case OPS.setFillTransparent:
        state.fillAlpha = 0;
        break;
      case OPS.setFillColorN:
        state.fill = null;
        break;
      case OPS.setStrokeColorN:
        state.stroke = null;
        break;
      case OPS.setLineWidth:
        state.lineWidth = args[0];
        break;
      case OPS.setGState:
        for (const [key, value] of args[0] as [string, any][]) {
          if (key === "ca") state.fillAlpha = value;
          else if (key === "CA") state.strokeAlpha = value;
          else if (key === "LW") state.lineWidth = value;
          else if (key === "Font") setFont(value[0], value[1]);
        }
        break;
      case OPS.beginText:
        state.textMatrix = IDENTITY;
        state.x = state.y = state.lineX = state.lineY = 0;
        break;
      case OPS.setTextMatrix:
        state.textMatrix = Array.from(args[0] as ArrayLike<number>) as Matrix;
        state.x = state.y = state.lineX = state.lineY = 0;
        break;
      case OPS.moveText:
        state.x = state.lineX += args[0];
        state.y = state.lineY += args[1];
        break;
      case OPS.setLeadingMoveText:
        state.leading = args[1];
        state.x = state.lineX += args[0];
        state.y = state.lineY += args[1];
        break;
      case OPS.setLeading:
        state.leading = -args[0];
        break;
      case OPS.nextLine:
        state.x = state.lineX;
        state.y = state.lineY += state.leading;
        break;
      case OPS.setCharSpacing:
        state.charSpacing = args[0];
        break;
      case OPS.setWordSpacing:
        state.wordSpacing = args[0];
        break;
      case OPS.setHScale:
        state.hScale = args[0] / 100;
        break;
      case OPS.setTextRise:
        state.rise = args[0];
        break;
      case OPS.setFont:
        setFont(args[0], args[1]);
        break;
      case OPS.setTextRenderingMode:
        state.renderMode = args[0];
        break;
      case OPS.showText:
        showText(args[0]);
        break;
      case OPS.constructPath: {
        const [paintOp, , minMax] = args as [number, unknown, ArrayLike<number> | null];
        if (!minMax || minMax[0] === Infinity) break;
        const box = transformBox(minMax, state.ctm);
        if (FILLS.has(paintOp) && state.fillAlpha >= SEE_THROUGH) {
          paint(box, state.fill, false);
        } else if (STROKES.has(paintOp) && state.strokeAlpha >= SEE_THROUGH) {
          // A stroke covers what lies under a line as wide as it is, such as a marker drawn across
          // a line of text; the outline of a shape covers only its edge, and is left out.
          const width = Math.abs(state.lineWidth * Math.hypot(state.ctm[0], state.ctm[1]));
          if (width > 0 && Math.min(box[2] - box[0], box[3] - box[1]) <= width) paint(expand(box, width / 2), state.stroke, false);
        }
        break;
      }
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
      case OPS.paintImageXObjectRepeat:
        if (state.fillAlpha >= SEE_THROUGH && opaqueImage(fn === OPS.paintInlineImageXObject ? args[0] : imageObject(args[0]))) {
          paint(transformBox(UNIT_SQUARE, state.ctm), null, true);
        }
        break;
      case OPS.paintImageMaskXObject:
      case OPS.paintSolidColorImageMask:
        paint(transformBox(UNIT_SQUARE, state.ctm), state.fill, false);
        break;
      case OPS.beginMarkedContentProps:
        hiddenStack.push(hidden);
        if (args[0] === "OC" && !layers.isVisible(args[1])) hidden = true;
        break;
      case OPS.beginMarkedContent:
        hiddenStack.push(hidden);
        break;
      case OPS.endMarkedContent:
        hidden = hiddenStack.pop() ?? false;
        break;
    }
  }
  return { chars, areas };
}
