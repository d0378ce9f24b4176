/**
 * The examination of issue 38: every way a PDF can show a reader less than it gives a copy, a
 * search or a text extractor, and everything it carries besides its pages. Runs in the documents
 * worker (worker.ts), never on a request's thread; one page is read at a time, and its drawing
 * released, so a long file needs the memory of its largest page, not of all of them.
 */
import { createHash } from "node:crypto";
import { isImage } from "./file-kind";
import type { Examination, ExaminationProgress, Finding } from "./findings";
import type { Box } from "./geometry";
import { readPageContent } from "./page-content";
import { pageFindings, type CoveringAnnotation } from "./page-findings";
import { openPdf, type PdfPage } from "./pdfjs";
import { previousVersionFindings } from "./revisions";
import { structureFindings } from "./structure";

/** Annotations whose area hides what lies under them: the ones used, wrongly, to redact. */
const COVERING = new Set(["Highlight", "Square", "Ink", "Redact"]);

interface AnnotationData {
  subtype?: string;
  rect?: number[];
  quadPoints?: ArrayLike<number> | null;
  fieldName?: string;
  fieldValue?: unknown;
}

function quadBoxes(points: ArrayLike<number>): Box[] {
  const boxes: Box[] = [];
  for (let i = 0; i + 8 <= points.length; i += 8) {
    const xs = [points[i]!, points[i + 2]!, points[i + 4]!, points[i + 6]!];
    const ys = [points[i + 1]!, points[i + 3]!, points[i + 5]!, points[i + 7]!];
    boxes.push([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]);
  }
  return boxes;
}

function rectOn(page: PdfPage) {
  const viewport = page.getViewport({ scale: 1 });
  return (box: Box): [number, number, number, number] => {
    const [x0, y0, x1, y1] = viewport.convertToViewportRectangle(box);
    const round = (value: number) => Math.round(value * 10) / 10;
    return [round(Math.min(x0!, x1!)), round(Math.min(y0!, y1!)), round(Math.max(x0!, x1!)), round(Math.max(y0!, y1!))];
  };
}

/** A PDF, or a photo or scan of a document (image-examine.ts). */
export async function examine(bytes: Uint8Array, onProgress?: (progress: ExaminationProgress) => void): Promise<Examination> {
  // sharp and the EXIF reader are loaded only for a photo or scan (worker.ts).
  if (isImage(bytes)) return (await import("./image-examine")).examineImage(bytes, onProgress);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const findings: Finding[] = [...(await structureFindings(bytes))];
  const doc = await openPdf(bytes);
  try {
    const layers = await doc.getOptionalContentConfig();
    for (const [, group] of layers) {
      if (!group.visible) findings.push({ kind: "layers", page: null, rect: null, text: group.name ?? "" });
    }
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number);
      const toRect = rectOn(page);
      const found = findings.length;
      const annotations = (await page.getAnnotations()) as AnnotationData[];
      const covering: CoveringAnnotation[] = [];
      for (const annotation of annotations) {
        const rect = annotation.rect as Box | undefined;
        if (annotation.subtype && COVERING.has(annotation.subtype) && rect) {
          covering.push({ subtype: annotation.subtype, boxes: annotation.quadPoints?.length ? quadBoxes(annotation.quadPoints) : [rect] });
        }
        if (annotation.subtype === "Widget") {
          const value = typeof annotation.fieldValue === "string" ? annotation.fieldValue : "";
          findings.push({ kind: "form_fields", page: number, rect: rect ? toRect(rect) : null, text: [annotation.fieldName, value].filter(Boolean).join(": ") });
        }
      }
      const content = await readPageContent(page, layers);
      findings.push(...pageFindings({ number, view: page.view as Box, toRect }, content, covering));
      const { width, height } = page.getViewport({ scale: 1 });
      for (let i = found; i < findings.length; i++) if (findings[i]!.rect) findings[i]!.pageSize = [Math.round(width * 10) / 10, Math.round(height * 10) / 10];
      page.cleanup();
      onProgress?.({ page: number, pages: doc.numPages });
    }
    findings.push(...(await previousVersionFindings(bytes, doc)));
    return { pages: doc.numPages, sha256, findings };
  } finally {
    await doc.destroy();
  }
}
