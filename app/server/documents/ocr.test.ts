import { describe, expect, test } from "vitest";
import { examine } from "./examine";
import { prepare } from "./prepare";
import { leaky } from "./test-pdfs";
import { SCAN_LINES, scanWithWords } from "./test-images";
import { extractedText, holds } from "./test-search";

const LANGUAGES = ["nep", "eng"];
const words = (text: string) => text.split(/\s+/).filter(Boolean);

// Tesseract in WebAssembly reads a page in one or two seconds on this machine; the limits below
// leave room for a loaded one.
describe("flattening with the words read back (OCR)", () => {
  test("a scan's Nepali and English words are in the prepared file, in reading order, and reported only as its OCR layer", async () => {
    const prepared = await prepare(await scanWithWords(), { flatten: true, dpi: 150, ocr: LANGUAGES });
    const text = words(await extractedText(prepared)).join(" ");
    for (const line of SCAN_LINES) expect(text).toContain(line);
    const { findings } = await examine(prepared);
    expect(findings.length).toBeGreaterThan(0);
    expect(new Set(findings.map((finding) => `${finding.kind} ${finding.page}`))).toEqual(new Set(["ocr_layer 1"]));
  }, 60_000);

  test("the layer holds what the page shows and nothing it hid", async () => {
    const SECRET = "KALIMATISOURCE";
    const bytes = await leaky.invisibleText(SECRET);
    const prepared = await prepare(bytes, { flatten: true, dpi: 150, ocr: LANGUAGES });
    expect(await extractedText(prepared)).toContain("Public");
    expect(holds(prepared, SECRET)).toBe(false);
    expect(await extractedText(prepared)).not.toContain(SECRET);
  }, 60_000);

  test("without languages the flattened file has no text at all", async () => {
    expect((await extractedText(await prepare(await scanWithWords(), { flatten: true, dpi: 150, ocr: [] }))).trim()).toBe("");
  }, 60_000);
});
