import { describe, expect, test } from "vitest";
import { examine } from "./examine";
import { prepare } from "./prepare";
import { openPdf } from "./pdfjs";
import sharp from "sharp";
import { render } from "./render";
import { correctlyRedacted, JP2_COMMENT, leaky } from "./test-pdfs";
import { extractedText, holds } from "./test-search";

const WORD = "KALIMATISOURCE";

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

  test("removes a JPEG 2000 picture's XMP, XML and comment, and keeps the picture as it was", async () => {
    const bytes = await leaky.jpeg2000Picture(WORD);
    const { findings } = await examine(bytes);
    expect(findings).toContainEqual({ kind: "metadata", page: null, rect: null, text: `dc:creator: ${WORD}` });
    expect(findings).toContainEqual({ kind: "metadata", page: null, rect: null, text: `Comment: ${JP2_COMMENT}` });
    const prepared = await prepare(bytes, { flatten: false });
    expect(holds(prepared, JP2_COMMENT)).toBe(false);
    await expectGone(prepared, WORD);
    // The picture is decoded as before: a 160-point square of greys at (200, 20), drawn the same.
    const drawn = async (file: Uint8Array) => {
      let image: Uint8Array | null = null;
      await render(file.slice(), (page) => void (image = page.image.bytes), { width: 400 });
      return sharp(image!).extract({ left: 200, top: 120, width: 160, height: 160 }).raw().toBuffer();
    };
    const [before, after] = [await drawn(bytes), await drawn(prepared)];
    expect(after.equals(before)).toBe(true);
    expect(new Set(after).size).toBeGreaterThan(16);
    // Flattened, the scanner's picture is on the page (a decoder missing would draw it blank).
    expect(new Set(await drawn(await prepare(bytes, { flatten: true, dpi: 150 }))).size).toBeGreaterThan(16);
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
