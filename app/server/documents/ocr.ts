/**
 * Reading a flattened page's words back from its picture (issue 38), so that a published scan can
 * be searched and its text selected although nothing of the original's text layer survives. The
 * words come from the pixels alone, which readers see anyway: such a layer can hold nothing the
 * picture does not show. Tesseract (tesseract.js, WebAssembly, in a thread of its own started from
 * the documents worker, so at its low priority) writes the layer as a text-only PDF page in its
 * glyphless font, which keeps each word's characters in reading order (a shaped Devanagari font
 * would keep the glyphs' order, and a search for a word with ि would miss). The trained data comes
 * from npm packages, never from the network.
 */
import { mkdtemp, rm, symlink } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PDFDocument, PDFPage } from "pdf-lib";

const require = createRequire(import.meta.url);
/** The packages' best models in Tesseract's integer form: as accurate, a third of the size. */
const MODEL_FOLDER = "4.0.0_best_int";

export interface TextReader {
  /** A one-page PDF holding only the invisible words read from `image` (JPEG or PNG) at `dpi`. */
  textLayer(image: Uint8Array, dpi: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** Tesseract loads every language from one folder: the packages' files are linked into a fresh one. */
async function trainedDataFolder(languages: readonly string[]): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), "khulasa-ocr-"));
  for (const code of languages) {
    if (!/^[a-z_]+$/.test(code)) throw new Error(`not a Tesseract language code: ${code}`);
    const data = path.join(path.dirname(require.resolve(`@tesseract.js-data/${code}/package.json`)), MODEL_FOLDER, `${code}.traineddata.gz`);
    await symlink(data, path.join(folder, `${code}.traineddata.gz`));
  }
  return folder;
}

/** A reader of pictures in `languages` (Tesseract's codes), for the pages of one file. */
export async function openTextReader(languages: readonly string[]): Promise<TextReader> {
  const folder = await trainedDataFolder(languages);
  try {
    // Loaded with the first reading: most jobs never read a picture, and the package costs the worker memory.
    const { createWorker, OEM } = await import("tesseract.js");
    const worker = await createWorker([...languages], OEM.LSTM_ONLY, { langPath: folder, cacheMethod: "none", gzip: true });
    return {
      async textLayer(image, dpi) {
        await worker.setParameters({ user_defined_dpi: String(Math.round(dpi)) });
        const { data } = await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), { pdfTextOnly: true }, { pdf: true, text: false, blocks: false, hocr: false, tsv: false });
        if (!data.pdf) throw new Error("Tesseract wrote no PDF");
        return new Uint8Array(data.pdf);
      },
      async close() {
        await worker.terminate();
        await rm(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

/** Lays a text layer from `textLayer` over the whole of `page`, whatever the size Tesseract gave its own. */
export async function addTextLayer(doc: PDFDocument, page: PDFPage, layer: Uint8Array): Promise<void> {
  const [embedded] = await doc.embedPdf(layer);
  const { width, height } = page.getSize();
  page.drawPage(embedded!, { x: 0, y: 0, width, height });
}
