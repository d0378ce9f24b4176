import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { prepare } from "./prepare";
import { render, type RenderedPage } from "./render";
import { leaky, plain } from "./test-pdfs";

async function pagesOf(bytes: Uint8Array, options?: Parameters<typeof render>[2]) {
  const pages: RenderedPage[] = [];
  const { pages: count } = await render(bytes.slice(), (page) => void pages.push(page), options);
  expect(pages).toHaveLength(count);
  return pages;
}

/** The picture's pixel at (x, y), as [red, green, blue]. */
async function pixel(image: Uint8Array, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

const darkness = ([red, green, blue]: number[]) => 255 - (red! + green! + blue!) / 3;

describe("rendering a PDF's pages for readers", () => {
  test("gives every page, in order, as a WebP 1200 pixels wide and a thumbnail 128 wide", async () => {
    const pages = await pagesOf(await leaky.blackBox("KALIMATISOURCE"));
    expect(pages.map(({ page, pages }) => ({ page, pages }))).toEqual([
      { page: 1, pages: 2 },
      { page: 2, pages: 2 },
    ]);
    for (const page of pages) {
      expect(page.size).toEqual({ width: 400, height: 300 });
      expect(await sharp(page.image.bytes).metadata()).toMatchObject({ format: "webp", width: 1200, height: 900 });
      expect(page.image).toMatchObject({ width: 1200, height: 900 });
      expect(await sharp(page.thumbnail.bytes).metadata()).toMatchObject({ format: "webp", width: 128, height: 96 });
      expect(page.thumbnail).toMatchObject({ width: 128, height: 96 });
    }
  });

  test("gives a phone its own smaller picture of each page (issue 38), 720 pixels wide, the same page", async () => {
    const [, second] = await pagesOf(await leaky.blackBox("KALIMATISOURCE"));
    expect(await sharp(second!.phone!.bytes).metadata()).toMatchObject({ format: "webp", width: 720, height: 540 });
    expect(second!.phone).toMatchObject({ width: 720, height: 540 });
    // The box at 105–585 × 390–480 of 1200 pixels lies at 63–351 × 234–288 of 720.
    expect(darkness(await pixel(second!.phone!.bytes, 207, 261))).toBeGreaterThan(230);
  });

  test("makes no phone's picture of a page drawn no wider than the phone's", async () => {
    const [page] = await pagesOf(await plain.pages(1), { width: 600 });
    expect(page!.phone).toBeNull();
  });

  test("draws the page as a reader sees it: the box where the file puts it, white elsewhere", async () => {
    const [, second] = await pagesOf(await leaky.blackBox("KALIMATISOURCE"));
    // The box is 35–195 × 140–170 points from the bottom left: 105–585 × 390–480 pixels from the top left.
    expect(darkness(await pixel(second!.image.bytes, 345, 435))).toBeGreaterThan(230);
    expect(darkness(await pixel(second!.image.bytes, 1100, 800))).toBeLessThan(10);
    expect(darkness(await pixel(second!.thumbnail.bytes, 37, 46))).toBeGreaterThan(200);
  });

  test("gives each run of text with its box, in shares of the page from its top-left corner", async () => {
    const [first] = await pagesOf(await plain.pages(1));
    expect(first!.text).toHaveLength(1);
    const [run] = first!.text;
    const [left, top, right, bottom] = run!.box;
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(run!.text).toBe("Public text on page 1");
    expect(run!.angle).toBeUndefined();
    // Written from (30, 250) in 12 points on a page 400 × 300: its baseline 50 points from the top.
    expect(left).toBeCloseTo(30 / 400, 3);
    // pdf.js measures Helvetica with its own copy of the font's widths (the file has none): within a point.
    expect(right).toBeCloseTo((30 + font.widthOfTextAtSize("Public text on page 1", 12)) / 400, 2);
    expect(bottom - top).toBeCloseTo(12 / 300, 3);
    expect(top).toBeLessThan(50 / 300);
    expect(bottom).toBeGreaterThan(50 / 300);
    expect(top).toBeGreaterThan((50 - 12) / 300);
  });

  test("a page turned a quarter is shown upright, its text running down from the top right", async () => {
    const [page] = await pagesOf(await plain.turned());
    expect(page!.size).toEqual({ width: 300, height: 400 });
    expect(page!.image).toMatchObject({ width: 1200, height: 1600 });
    const [run] = page!.text;
    expect(run!.angle).toBe(90);
    // The text's start, 30 points along the unturned page's bottom-up width, is now 30 points from the top.
    expect(run!.box[1]).toBeCloseTo(30 / 400, 2);
    expect(run!.box[0]).toBeGreaterThan(0.5);
  });

  test("a flattened file, pictures only, has no text to give", async () => {
    const flattened = await prepare(await leaky.blackBox("KALIMATISOURCE"), { flatten: true, dpi: 72 });
    const pages = await pagesOf(flattened);
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(page.text).toEqual([]);
    // …but its pictures still show the page.
    expect(darkness(await pixel(pages[1]!.image.bytes, 345, 435))).toBeGreaterThan(200);
  });

  test("draws at the width asked for", async () => {
    const [page] = await pagesOf(await plain.pages(1), { width: 800, thumbnailWidth: 100 });
    expect(page!.image).toMatchObject({ width: 800, height: 600 });
    expect(page!.thumbnail).toMatchObject({ width: 100, height: 75 });
  });

  test("a very tall page is drawn narrower, its picture within 6 megapixels and its shape kept", async () => {
    const [page] = await pagesOf(await plain.tall());
    expect(page!.size).toEqual({ width: 400, height: 4000 });
    expect(page!.image.width).toBeLessThan(1200);
    expect(page!.image.width * page!.image.height).toBeLessThanOrEqual(6_000_000);
    expect(page!.image.height / page!.image.width).toBeCloseTo(10, 1);
    expect(await sharp(page!.image.bytes).metadata()).toMatchObject({ width: page!.image.width, height: page!.image.height });
  });

  test("a file that is not a PDF is refused", async () => {
    await expect(render(new TextEncoder().encode("not a pdf at all"), () => undefined)).rejects.toThrow();
  });
});
