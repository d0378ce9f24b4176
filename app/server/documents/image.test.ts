import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { examine } from "./examine";
import { fileKind } from "./file-kind";
import { jpegWithoutMetadata } from "./jpeg-segments";
import { prepare } from "./prepare";
import { openPdf } from "./pdfjs";
import { render, type RenderedPage } from "./render";
import { a4Scan, cleanScan, PHOTO, pdfOfPhoto, photo, photoWithComment, photoWithThumbnailAndIptc, photoWithUnreadableExif, webpPhoto } from "./test-images";
import { leaky } from "./test-pdfs";
import { extractedText, holds } from "./test-search";

/** Every value the test photo's metadata carries that a byte search can look for. */
const VALUES = [PHOTO.artist, PHOTO.make, PHOTO.model, PHOTO.serial, PHOTO.software, PHOTO.owner, PHOTO.xmpCreator];

/** The pictures a PDF holds, each with its size and its stream's bytes (a JPEG's, for DCTDecode). */
async function embeddedImages(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf);
  return doc.context
    .enumerateIndirectObjects()
    .flatMap(([, object]) => (object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image") ? [object] : []))
    .map((stream) => ({
      width: (stream.dict.get(PDFName.of("Width")) as PDFNumber).asNumber(),
      height: (stream.dict.get(PDFName.of("Height")) as PDFNumber).asNumber(),
      jpeg: stream.dict.get(PDFName.of("Filter")) === PDFName.of("DCTDecode") ? stream.getContents() : null,
    }));
}

async function pageView(pdf: Uint8Array) {
  const doc = await openPdf(pdf);
  const view = { pages: doc.numPages, view: (await doc.getPage(1)).view };
  await doc.destroy();
  return view;
}

async function pagesOf(bytes: Uint8Array) {
  const pages: RenderedPage[] = [];
  await render(bytes.slice(), (page) => void pages.push(page));
  return pages;
}

/** How dark the picture is at (x, y): 0 white, 255 black. */
async function darkness(image: Uint8Array, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return 255 - (data[at]! + data[at + 1]! + data[at + 2]!) / 3;
}

describe("what an upload is, by its bytes", () => {
  test("a PDF, a JPEG, a PNG and a WebP are told apart; anything else is none of them, whatever its name", async () => {
    expect(fileKind(await leaky.author("X"))).toBe("pdf");
    expect(fileKind(await photo())).toBe("jpeg");
    expect(fileKind(await cleanScan())).toBe("png");
    expect(fileKind(await webpPhoto())).toBe("webp");
    expect(fileKind(new TextEncoder().encode("GIF89a, a picture"))).toBeNull();
    expect(fileKind(new TextEncoder().encode("just some notes"))).toBeNull();
    expect(fileKind(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe("examining a photo or scan of a document", () => {
  test("names the GPS position, the artist, the camera and its serial number, the owner, the software, the dates and the XMP creator, with their values", async () => {
    const { pages, findings } = await examine(await photo());
    expect(pages).toBe(1);
    const texts = findings.map((finding) => {
      expect(finding).toMatchObject({ kind: "metadata", page: null, rect: null });
      return finding.text;
    });
    expect(texts).toEqual(
      expect.arrayContaining([
        `GPS position: ${PHOTO.latitude}, ${PHOTO.longitude}`,
        `Artist: ${PHOTO.artist}`,
        `Make: ${PHOTO.make}`,
        `Model: ${PHOTO.model}`,
        `BodySerialNumber: ${PHOTO.serial}`,
        `CameraOwnerName: ${PHOTO.owner}`,
        `Software: ${PHOTO.software}`,
        "DateTimeOriginal: 2026-10-14 09:31:07",
        `dc:creator: ${PHOTO.xmpCreator}`,
      ]),
    );
  });

  test("reads a WebP's EXIF as a JPEG's", async () => {
    const texts = (await examine(await webpPhoto())).findings.map((finding) => finding.text);
    expect(texts).toEqual(expect.arrayContaining([`GPS position: ${PHOTO.latitude}, ${PHOTO.longitude}`, `Artist: ${PHOTO.artist}`]));
  });

  test("reports an EXIF thumbnail (it may show the picture before it was cropped) and the IPTC fields", async () => {
    const { findings } = await examine(await photoWithThumbnailAndIptc({ byline: "Gita Rai", city: "Bhaktapur" }));
    expect(findings).toContainEqual({ kind: "thumbnails", page: null, rect: null, text: "160 × 120 JPEG" });
    expect(findings).toContainEqual({ kind: "metadata", page: null, rect: null, text: "IPTC By-line: Gita Rai" });
    expect(findings).toContainEqual({ kind: "metadata", page: null, rect: null, text: "IPTC City: Bhaktapur" });
    expect(findings).toContainEqual({ kind: "metadata", page: null, rect: null, text: `Artist: ${PHOTO.artist}` });
  });

  test("reports a JPEG comment, and leaves none of it in the prepared file", async () => {
    const bytes = await photoWithComment("Shot by Bishnu Karki for the ministry");
    expect((await examine(bytes)).findings).toContainEqual({ kind: "metadata", page: null, rect: null, text: "Comment: Shot by Bishnu Karki for the ministry" });
    expect(holds(await prepare(bytes, { flatten: false }), "Bishnu Karki")).toBe(false);
  });

  test("reads Windows' own author tag and a user comment as text", async () => {
    const jpeg = await sharp(await cleanScan())
      .jpeg()
      .withExif({ IFD0: { XPAuthor: PHOTO.owner }, IFD2: { UserComment: "Met the source at the teashop" } })
      .toBuffer();
    const texts = (await examine(jpeg)).findings.map((finding) => finding.text);
    expect(texts).toEqual([`XPAuthor: ${PHOTO.owner}`, "UserComment: Met the source at the teashop"]);
  });

  test("an EXIF block that cannot be read is reported, not taken as empty", async () => {
    const { findings } = await examine(await photoWithUnreadableExif());
    expect(findings).toEqual([{ kind: "metadata", page: null, rect: null, text: expect.stringMatching(/^EXIF: \d+ bytes that could not be read$/) }]);
  });

  test("a PNG scan without metadata comes out clean, one page", async () => {
    expect(await examine(await cleanScan())).toEqual({ pages: 1, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), findings: [] });
  });

  test("an image that cannot be read whole is refused, not reported clean", async () => {
    const bytes = await cleanScan();
    await expect(examine(bytes.slice(0, 40))).rejects.toThrow();
    await expect(examine(bytes.slice(0, bytes.length - 60))).rejects.toThrow();
  });
});

describe("preparing a photo or scan", () => {
  test.each([
    ["a JPEG photo", photo],
    ["a WebP photo", webpPhoto],
    ["a photo with a thumbnail and IPTC", () => photoWithThumbnailAndIptc({ byline: PHOTO.owner, city: "Bhaktapur" })],
  ])("%s becomes a one-page PDF of its pixels that holds none of its metadata and examines clean", async (_, make) => {
    const original = await make();
    expect(VALUES.some((value) => holds(original, value))).toBe(true);
    for (const flatten of [false, true]) {
      const prepared = await prepare(original, { flatten, dpi: 150 });
      expect(fileKind(prepared)).toBe("pdf");
      for (const value of VALUES) expect(holds(prepared, value), value).toBe(false);
      expect(holds(prepared, "Exif\0\0")).toBe(false);
      expect(await extractedText(prepared)).toBe("");
      expect(await examine(prepared)).toMatchObject({ pages: 1, findings: [] });
      const [image, ...more] = await embeddedImages(prepared);
      expect(more).toEqual([]);
      // The picture inside, read as a photo of its own: no EXIF, XMP, IPTC or thumbnail left.
      expect((await examine(image!.jpeg!)).findings).toEqual([]);
    }
  });

  test("a PNG scan stays lossless, and its page has its paper's size when the scanner states its resolution", async () => {
    const prepared = await prepare(await a4Scan(), { flatten: false });
    expect(await pageView(prepared)).toEqual({ pages: 1, view: [0, 0, 595.2, 841.92] });
    expect(await embeddedImages(prepared)).toEqual([{ width: 2480, height: 3508, jpeg: null }]);
  });

  test("flattening caps the picture at its dpi, keeping the page's size", async () => {
    const prepared = await prepare(await a4Scan(), { flatten: true, dpi: 100 });
    expect(await pageView(prepared)).toEqual({ pages: 1, view: [0, 0, 595.2, 841.92] });
    expect(await embeddedImages(prepared)).toEqual([{ width: 827, height: 1169, jpeg: null }]);
  });

  test("a photo taken turned is made upright from its EXIF orientation", async () => {
    const turned = await photo({ orientation: 6 });
    expect((await sharp(turned).metadata()).orientation).toBe(6);
    const prepared = await prepare(turned, { flatten: false });
    // 300 × 200 pixels stored, shown turned a quarter clockwise: 200 × 300 at 150 pixels an inch.
    expect(await pageView(prepared)).toEqual({ pages: 1, view: [0, 0, 96, 144] });
    const [page] = await pagesOf(prepared);
    // The block stored at the top left is shown at the top right.
    expect(await darkness(page!.image.bytes, page!.image.width - 20, 20)).toBeGreaterThan(200);
    expect(await darkness(page!.image.bytes, 20, 20)).toBeLessThan(20);
  });
});

describe("drawing a photo or scan for the back office", () => {
  test("the original is drawn as one upright page, as its preparation will lay it out", async () => {
    const pages = await pagesOf(await photo({ orientation: 6 }));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ page: 1, pages: 1, size: { width: 96, height: 144 }, text: [] });
    expect(await sharp(pages[0]!.image.bytes).metadata()).toMatchObject({ format: "webp", width: 1200, height: 1800 });
    expect(await darkness(pages[0]!.image.bytes, 1180, 20)).toBeGreaterThan(200);
  });
});

describe("a photo inside a PDF", () => {
  test("is examined for what the photo tells, since a PDF keeps a JPEG byte for byte", async () => {
    const texts = (await examine(await pdfOfPhoto())).findings.map((finding) => `${finding.kind} ${finding.page} ${finding.text}`);
    expect(texts).toEqual(expect.arrayContaining([`metadata null GPS position: ${PHOTO.latitude}, ${PHOTO.longitude}`, `metadata null Artist: ${PHOTO.artist}`]));
  });

  test("is left with none of it by a preparation without flattening, its picture's compressed data kept as it was", async () => {
    const original = await pdfOfPhoto();
    const prepared = await prepare(original, { flatten: false });
    for (const value of VALUES) expect(holds(prepared, value), value).toBe(false);
    expect((await examine(prepared)).findings).toEqual([]);
    const [before] = await embeddedImages(original);
    const [after] = await embeddedImages(prepared);
    expect(after!.jpeg!.length).toBeLessThan(before!.jpeg!.length);
    const pixels = async (jpeg: Uint8Array) => (await sharp(jpeg).raw().toBuffer()).toString("base64");
    expect(await pixels(after!.jpeg!)).toBe(await pixels(before!.jpeg!));
  });

  test("a JPEG loses its thumbnail, its IPTC and what follows its end, and keeps its picture", async () => {
    const photoBytes = await photoWithThumbnailAndIptc({ byline: "Gita Rai", city: "Bhaktapur" });
    const trailer = new TextEncoder().encode(`MAKERTRAILER ${PHOTO.owner}`);
    const clean = jpegWithoutMetadata(new Uint8Array([...photoBytes, ...trailer]))!;
    expect((await examine(clean)).findings).toEqual([]);
    expect(holds(clean, PHOTO.owner)).toBe(false);
    expect(await sharp(clean).raw().toBuffer()).toEqual(await sharp(photoBytes).raw().toBuffer());
    expect(jpegWithoutMetadata(new TextEncoder().encode("not a JPEG"))).toBeNull();
  });

  test("a progressive JPEG, its scans between other segments, keeps its picture too", async () => {
    const progressive = await sharp(await photo()).jpeg({ progressive: true }).keepMetadata().toBuffer();
    expect((await examine(progressive)).findings).not.toEqual([]);
    const clean = jpegWithoutMetadata(progressive)!;
    expect((await examine(clean)).findings).toEqual([]);
    expect(await sharp(clean).raw().toBuffer()).toEqual(await sharp(progressive).raw().toBuffer());
  });

  test("is left with none of it by a flattening preparation", async () => {
    const prepared = await prepare(await pdfOfPhoto(), { flatten: true, dpi: 72 });
    for (const value of VALUES) expect(holds(prepared, value), value).toBe(false);
    expect((await examine(prepared)).findings).toEqual([]);
  });
});
