import { describe, expect, test } from "vitest";
import { examine } from "./examine";
import type { FindingKind } from "./findings";
import { correctlyRedacted, harmless, leaky } from "./test-pdfs";

// Each file hides one word; the examination must name the kind, the page, and the word.
const cases: [string, (word: string) => Promise<Uint8Array>, FindingKind, number | null][] = [
  ["a black box over live text", leaky.blackBox, "text_under_box", 2],
  ["a white box over live text", leaky.whiteBox, "text_under_box", 1],
  ["a picture pasted over live text", leaky.imageOverText, "text_under_box", 1],
  ["a highlight used as a redaction", leaky.highlight, "text_under_annotation", 1],
  ["a redact annotation never applied", leaky.redactAnnotation, "text_under_annotation", 1],
  ["text in render mode 3", leaky.invisibleText, "hidden_text", 1],
  ["white text on the white page", leaky.whiteOnWhite, "hidden_text", 1],
  ["text off the page", leaky.offPage, "hidden_text", 1],
  ["text too small to see", leaky.tinyText, "hidden_text", 1],
  ["a scanned page with an OCR layer", leaky.scannedWithOcr, "ocr_layer", 1],
  ["text in a layer hidden from view", leaky.hiddenLayer, "layers", 1],
  ["an incremental update that keeps the old text", leaky.incrementalUpdate, "previous_versions", 1],
  ["the author in the document information", leaky.author, "metadata", null],
  ["the author in XMP", leaky.xmp, "metadata", null],
  ["an embedded file", leaky.embeddedFile, "embedded_file", null],
  ["a script run on opening", leaky.script, "javascript", null],
  ["a form field and its value", leaky.formField, "form_fields", 1],
  ["a file attached to an annotation", leaky.fileAttachmentAnnotation, "attachments_in_annotations", 1],
];

describe("examine", () => {
  test.each(cases)("finds %s, on its page, with the word that would leak", async (_, make, kind, page) => {
    const { findings } = await examine(await make("KALIMATISOURCE"));
    expect(findings).toContainEqual(expect.objectContaining({ kind, page, text: expect.stringContaining("KALIMATISOURCE") }));
  });

  test("a hidden word is placed where it stands on the page, from the top left", async () => {
    const { findings } = await examine(await leaky.blackBox("KALIMATISOURCE"));
    const [x0, y0, x1, y1] = findings[0]!.rect!;
    // Drawn at x 40, baseline 150 of a 300-point page, 14 points high.
    expect(x0).toBeCloseTo(40, 0);
    expect(y0).toBeGreaterThan(300 - 165);
    expect(y1).toBeLessThan(300 - 145);
    expect(x1).toBeGreaterThan(100);
  });

  test("names a hidden layer and a thumbnail", async () => {
    expect((await examine(await leaky.hiddenLayer("X"))).findings).toContainEqual({ kind: "layers", page: null, rect: null, text: "Reporter notes" });
    expect((await examine(await leaky.thumbnail())).findings).toContainEqual({ kind: "thumbnails", page: 1, rect: null, text: "" });
  });

  test("an OCR layer is not reported as hidden text", async () => {
    const kinds = (await examine(await leaky.scannedWithOcr("KALIMATISOURCE"))).findings.map((finding) => finding.kind);
    expect(kinds).toEqual(["ocr_layer"]);
  });

  test("text a reader sees through a watermark or a translucent box is no finding", async () => {
    expect((await examine(await harmless.watermark())).findings).toEqual([]);
    expect((await examine(await harmless.translucentBox())).findings).toEqual([]);
  });

  test("a file redacted as it should be (the words removed, the box drawn) comes out clean", async () => {
    const bytes = await correctlyRedacted();
    const examination = await examine(bytes);
    expect(examination).toEqual({ pages: 1, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), findings: [] });
  });

  test("the SHA-256 is the file's", async () => {
    const bytes = await correctlyRedacted();
    const { createHash } = await import("node:crypto");
    expect((await examine(bytes)).sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
  });
});
