/**
 * Earlier versions kept inside a PDF. An incremental update appends the changed objects and a new
 * cross-reference section after the old file, which stays whole: cut the bytes at an earlier
 * end-of-file marker and the earlier document opens, with the text that was "removed" from it.
 */
import type { Finding } from "./findings";
import { openPdf, type PdfDocument } from "./pdfjs";

const END = new TextEncoder().encode("%%EOF");
/** The earlier versions compared word for word; more are reported without their words. */
const COMPARED = 3;

/** Where each revision but the last ends (the offset just past its `%%EOF`). */
function earlierRevisionEnds(bytes: Uint8Array): number[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ends: number[] = [];
  for (let at = buffer.indexOf(END); at !== -1; at = buffer.indexOf(END, at + END.length)) ends.push(at + END.length);
  const last = ends.at(-1);
  const earlier = ends.filter((end) => end !== last && buffer.subarray(end, last).toString("latin1").replace(/\s/g, "").length > 0);
  // A linearized file ends its first-page section with a marker of its own: not a version.
  const linearized = buffer.subarray(0, 1024).toString("latin1").includes("/Linearized");
  return linearized ? earlier.slice(1) : earlier;
}

async function wordsByPage(doc: PdfDocument): Promise<string[][]> {
  const pages: string[][] = [];
  for (let number = 1; number <= doc.numPages; number++) {
    const page = await doc.getPage(number);
    const content = await page.getTextContent();
    pages.push(content.items.flatMap((item) => ("str" in item ? item.str.split(/\s+/).filter(Boolean) : [])));
    page.cleanup();
  }
  return pages;
}

export async function previousVersionFindings(bytes: Uint8Array, current: PdfDocument): Promise<Finding[]> {
  const ends = earlierRevisionEnds(bytes);
  if (ends.length === 0) return [];
  const now = await wordsByPage(current);
  const findings: Finding[] = [];
  for (const end of ends.slice(-COMPARED)) {
    const before = findings.length;
    try {
      const earlier = await openPdf(bytes.subarray(0, end));
      const then = await wordsByPage(earlier);
      await earlier.destroy();
      then.forEach((words, index) => {
        const remaining = new Map<string, number>();
        for (const word of now[index] ?? []) remaining.set(word, (remaining.get(word) ?? 0) + 1);
        const gone = words.filter((word) => {
          const left = remaining.get(word) ?? 0;
          remaining.set(word, left - 1);
          return left <= 0;
        });
        if (gone.length) findings.push({ kind: "previous_versions", page: index + 1, rect: null, text: gone.join(" ") });
      });
    } catch {
      // An earlier version that does not open is still in the file.
    }
    if (findings.length === before) findings.push({ kind: "previous_versions", page: null, rect: null, text: "" });
  }
  if (ends.length > COMPARED) findings.push({ kind: "previous_versions", page: null, rect: null, text: "" });
  return findings;
}
