/**
 * For tests: whether a word is anywhere a PDF could keep it, and the text a reader's PDF viewer
 * would extract. Byte for byte and by extraction are both needed: a word can survive in a stream a
 * viewer never shows, and text can be drawn from glyphs no byte search finds.
 */
import { inflateSync } from "node:zlib";
import { openPdf } from "./pdfjs";

/** Every stream in the file, inflated where it is deflated (as pdf-lib and most writers store them). */
function inflatedStreams(bytes: Uint8Array): Buffer[] {
  const text = Buffer.from(bytes);
  const streams: Buffer[] = [];
  for (let at = text.indexOf("stream"); at !== -1; at = text.indexOf("stream", at + 6)) {
    let start = at + 6;
    if (text[start] === 0x0d) start++;
    if (text[start] === 0x0a) start++;
    const end = text.indexOf("endstream", start);
    if (end === -1) break;
    try {
      streams.push(inflateSync(text.subarray(start, end)));
    } catch {
      // Not deflated, or not a stream's start at all ("endstream" itself): searched raw.
    }
    at = end + 9;
  }
  return streams;
}

/** The word as a PDF may spell it: plain, UTF-16 (big-endian, as text strings are), or in hex. */
function spellings(word: string): Buffer[] {
  const utf16 = Buffer.from(word, "utf16le").swap16();
  const hex = Buffer.from(word).toString("hex");
  return [Buffer.from(word, "latin1"), utf16, Buffer.from(hex), Buffer.from(hex.toUpperCase()), Buffer.from(utf16.toString("hex").toUpperCase())];
}

/** Whether the file holds the word: in its raw bytes or in any inflated stream, in any spelling. */
export function holds(bytes: Uint8Array, word: string): boolean {
  const places = [Buffer.from(bytes), ...inflatedStreams(bytes)];
  return places.some((place) => spellings(word).some((spelling) => place.includes(spelling)));
}

/** Every page's text, as pdf.js extracts it. */
export async function extractedText(bytes: Uint8Array): Promise<string> {
  const doc = await openPdf(bytes);
  let text = "";
  for (let number = 1; number <= doc.numPages; number++) {
    const content = await (await doc.getPage(number)).getTextContent();
    text += content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
  }
  await doc.destroy();
  return text;
}
