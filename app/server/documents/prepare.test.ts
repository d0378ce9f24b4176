import { inflateSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { examine } from "./examine";
import { prepare } from "./prepare";
import { openPdf } from "./pdfjs";
import { correctlyRedacted, leaky } from "./test-pdfs";

const WORD = "KALIMATISOURCE";

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
      // Not deflated, or not a stream's start at all ("endstream" itself): searched raw below.
    }
    at = end + 9;
  }
  return streams;
}

/** The word as a PDF may spell it: plain, UTF-16 (big-endian, as text strings are), or in hex. */
function spellings(word: string): Buffer[] {
  const utf16 = Buffer.from(word, "utf16le").swap16();
  return [Buffer.from(word, "latin1"), utf16, Buffer.from(Buffer.from(word).toString("hex")), Buffer.from(Buffer.from(word).toString("hex").toUpperCase()), Buffer.from(utf16.toString("hex").toUpperCase())];
}

function holds(bytes: Uint8Array, word: string): boolean {
  const places = [Buffer.from(bytes), ...inflatedStreams(bytes)];
  return places.some((place) => spellings(word).some((spelling) => place.includes(spelling)));
}

async function extractedText(bytes: Uint8Array): Promise<string> {
  const doc = await openPdf(bytes);
  let text = "";
  for (let number = 1; number <= doc.numPages; number++) {
    const content = await (await doc.getPage(number)).getTextContent();
    text += content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
  }
  await doc.destroy();
  return text;
}

async function expectGone(bytes: Uint8Array, word: string) {
  expect(holds(bytes, word)).toBe(false);
  expect(await extractedText(bytes)).not.toContain(word);
  expect((await examine(bytes)).findings).toEqual([]);
}

describe("prepare, rewriting the file", () => {
  // What a page does not draw is left behind by copying the pages alone.
  test.each([
    ["the document information", leaky.author],
    ["XMP", leaky.xmp],
    ["an embedded file", leaky.embeddedFile],
    ["a script", leaky.script],
    ["a form field's value", leaky.formField],
    ["a file attached to an annotation", leaky.fileAttachmentAnnotation],
    ["the text of an earlier version", leaky.incrementalUpdate],
  ])("removes %s", async (_, make) => {
    const bytes = await make(WORD);
    expect(holds(bytes, WORD)).toBe(true);
    await expectGone(await prepare(bytes, { flatten: false }), WORD);
  });

  test("removes thumbnails and annotations, and keeps the pages' text", async () => {
    const prepared = await prepare(await leaky.thumbnail(), { flatten: false });
    expect((await examine(prepared)).findings).toEqual([]);
    expect(await extractedText(await prepare(await leaky.highlight(WORD), { flatten: false }))).toContain("Public text on page 1");
  });

  test("keeps a hidden layer hidden, and reported, for flattening to remove", async () => {
    const { findings } = await examine(await prepare(await leaky.hiddenLayer(WORD), { flatten: false }));
    expect(findings).toContainEqual(expect.objectContaining({ kind: "layers", page: 1, text: WORD }));
  });
});

describe("prepare, flattening the pages", () => {
  test.each([
    ["a black box over live text", leaky.blackBox],
    ["a white box over live text", leaky.whiteBox],
    ["a highlight used as a redaction", leaky.highlight],
    ["a redact annotation never applied", leaky.redactAnnotation],
    ["invisible text", leaky.invisibleText],
    ["white text on white", leaky.whiteOnWhite],
    ["text off the page", leaky.offPage],
    ["a hidden layer", leaky.hiddenLayer],
    ["an OCR layer", leaky.scannedWithOcr],
    ["the author", leaky.author],
    ["an earlier version", leaky.incrementalUpdate],
  ])("leaves no trace of %s", async (_, make) => {
    const bytes = await make(WORD);
    expect(holds(bytes, WORD)).toBe(true);
    await expectGone(await prepare(bytes, { flatten: true, dpi: 72 }), WORD);
  });

  test("keeps the pages, their size and no text layer", async () => {
    const flattened = await prepare(await leaky.blackBox(WORD), { flatten: true, dpi: 100 });
    const doc = await openPdf(flattened);
    expect(doc.numPages).toBe(2);
    expect((await doc.getPage(2)).view).toEqual([0, 0, 400, 300]);
    await doc.destroy();
    expect(await extractedText(flattened)).toBe("");
  });

  test("a correctly redacted file stays clean through preparation", async () => {
    await expectGone(await prepare(await correctlyRedacted(), { flatten: false }), WORD);
  });
});
