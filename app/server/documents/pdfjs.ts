/**
 * pdf.js (Mozilla's PDF reader, Apache-2.0) as this engine opens it: the legacy build, which runs
 * in Node, with its fonts, character maps, colour profiles and image decoders (JPEG 2000 and JBIG2,
 * the scanners' formats, are WebAssembly) read from the package on disk (never fetched), no eval of
 * font programs, and no system fonts, so a file reads the same on every machine. Without the
 * decoders a scanned page draws blank, and flattening it would publish a blank page.
 */
import { createRequire } from "node:module";
import path from "node:path";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";

const packageDir = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

export { pdfjs };
export type PdfDocument = Awaited<ReturnType<typeof openPdf>>;
export type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

/**
 * pdf.js takes ownership of the buffer it is given, so it gets a copy and the caller keeps theirs;
 * a caller done with the bytes hands them over instead (`handOver`), one copy of the file fewer.
 */
export function openPdf(bytes: Uint8Array, { handOver = false } = {}) {
  return pdfjs.getDocument({
    data: handOver ? bytes : bytes.slice(),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    standardFontDataUrl: `${packageDir}/standard_fonts/`,
    cMapUrl: `${packageDir}/cmaps/`,
    cMapPacked: true,
    wasmUrl: `${packageDir}/wasm/`,
    iccUrl: `${packageDir}/iccs/`,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  }).promise;
}
