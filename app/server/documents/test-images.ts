/**
 * Photos and scans of documents built for the tests (issue 38), each carrying what a phone's or a
 * scanner's file carries: EXIF (GPS position, camera, serial number, artist, software, dates), XMP,
 * and, in the hand-written segments below, an EXIF thumbnail and IPTC fields, which sharp does not
 * write. Each value is one a test can look for, byte for byte, after preparation.
 */
import { createRequire } from "node:module";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";

export const PHOTO = {
  artist: "Sita Sharma",
  make: "Kalimati Optics",
  model: "KX-9000",
  serial: "SN4471902365",
  software: "DarkroomPro 7.2",
  owner: "Hari Bahadur Thapa",
  xmpCreator: "Ram Kumar Karki",
  /** Kathmandu, Durbar Square: 27° 42′ 15.6″ N, 85° 18′ 26.16″ E. */
  latitude: 27.7043,
  longitude: 85.3073,
} as const;

/** A white page 300 × 200 pixels with a black block in its top-left corner, to tell which way is up. */
function page(width = 300, height = 200) {
  const block = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#fff"/><rect width="60" height="60" fill="#000"/></svg>`);
  return sharp(block);
}

const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>${PHOTO.xmpCreator}</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;

/** EXIF writes degrees, minutes and seconds as rationals, "27/1 42/1 1560/100". */
function dms(value: number): string {
  const degrees = Math.floor(value);
  const minutes = Math.floor((value - degrees) * 60);
  const seconds = Math.round(((value - degrees) * 60 - minutes) * 60 * 100);
  return `${degrees}/1 ${minutes}/1 ${seconds}/100`;
}

const EXIF = {
  IFD0: { Make: PHOTO.make, Model: PHOTO.model, Artist: PHOTO.artist, Software: PHOTO.software, DateTime: "2026:10:14 09:31:07" },
  IFD2: { BodySerialNumber: PHOTO.serial, CameraOwnerName: PHOTO.owner, DateTimeOriginal: "2026:10:14 09:31:07" },
  IFD3: { GPSLatitudeRef: "N", GPSLatitude: dms(PHOTO.latitude), GPSLongitudeRef: "E", GPSLongitude: dms(PHOTO.longitude) },
};

/** A phone's photo of a page: JPEG with EXIF and XMP; `orientation` 6 stores it turned a quarter, to be shown upright. */
export async function photo({ orientation }: { orientation?: number } = {}): Promise<Uint8Array> {
  let image = page().jpeg({ quality: 90 }).withExif(EXIF).withXmp(XMP);
  if (orientation) image = image.withMetadata({ orientation });
  return new Uint8Array(await image.toBuffer());
}

/** A scan saved as PNG, with no metadata at all. */
export async function cleanScan(): Promise<Uint8Array> {
  return new Uint8Array(await page().png().toBuffer());
}

/** The photo as WebP, with the same EXIF. */
export async function webpPhoto(): Promise<Uint8Array> {
  return new Uint8Array(await page().webp().withExif(EXIF).toBuffer());
}

/** A scan as a scanner states it: 2480 × 3508 pixels at 300 dpi, an A4 page. */
export async function a4Scan(): Promise<Uint8Array> {
  return new Uint8Array(await page(2480, 3508).withMetadata({ density: 300 }).png().toBuffer());
}

/** A JPEG segment (APP1, APP13…) put right after the start-of-image marker. */
function withSegment(jpeg: Buffer, marker: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xff00 | marker, 0);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

/** A little-endian TIFF with IFD0 holding the artist and IFD1 a JPEG thumbnail, as a camera writes it. */
function exifWithThumbnail(artist: string, thumbnail: Buffer): Buffer {
  const text = Buffer.from(`${artist}\0`, "latin1");
  const ifd0 = 8;
  const ifd1 = ifd0 + 2 + 12 + 4;
  const textAt = ifd1 + 2 + 3 * 12 + 4;
  const thumbnailAt = textAt + text.length;
  const tiff = Buffer.alloc(thumbnailAt);
  tiff.write("II", 0, "latin1");
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(ifd0, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    tiff.writeUInt32LE(value, at + 8);
  };
  tiff.writeUInt16LE(1, ifd0);
  entry(ifd0 + 2, 0x013b, 2, text.length, textAt); // Artist, ASCII
  tiff.writeUInt32LE(ifd1, ifd0 + 14);
  tiff.writeUInt16LE(3, ifd1);
  entry(ifd1 + 2, 0x0103, 3, 1, 6); // Compression: JPEG
  entry(ifd1 + 14, 0x0201, 4, 1, thumbnailAt); // JPEGInterchangeFormat
  entry(ifd1 + 26, 0x0202, 4, 1, thumbnail.length); // JPEGInterchangeFormatLength
  tiff.writeUInt32LE(0, ifd1 + 38);
  text.copy(tiff, textAt);
  return Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff, thumbnail]);
}

/** Photoshop's resource 0x0404 holding IPTC-IIM datasets of record 2: by-line and city. */
function iptcSegment(fields: [number, string][]): Buffer {
  const iim = Buffer.concat([
    Buffer.from([0x1c, 2, 0, 0, 2, 0, 4]),
    ...fields.map(([dataset, value]) => {
      const bytes = Buffer.from(value, "utf8");
      const head = Buffer.from([0x1c, 2, dataset, 0, 0]);
      head.writeUInt16BE(bytes.length, 3);
      return Buffer.concat([head, bytes]);
    }),
  ]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(iim.length);
  const padding = Buffer.alloc(iim.length % 2);
  return Buffer.concat([Buffer.from("Photoshop 3.0\0", "latin1"), Buffer.from("8BIM", "latin1"), Buffer.from([0x04, 0x04, 0, 0]), size, iim, padding]);
}

/**
 * A photo whose EXIF keeps a thumbnail of the uncropped original (a different picture: a grey
 * 160 × 120) and whose IPTC names the photographer and the city.
 */
export async function photoWithThumbnailAndIptc({ byline, city }: { byline: string; city: string }): Promise<Uint8Array> {
  const thumbnail = await sharp({ create: { width: 160, height: 120, channels: 3, background: "#777" } }).jpeg().toBuffer();
  const plain = await page().jpeg().toBuffer();
  const withExif = withSegment(plain, 0xe1, exifWithThumbnail(PHOTO.artist, thumbnail));
  return new Uint8Array(
    withSegment(withExif, 0xed, iptcSegment([
      [80, byline],
      [90, city],
    ])),
  );
}

/** A photo with a JPEG comment segment (COM), as some cameras and editing programs write one. */
export async function photoWithComment(comment: string): Promise<Uint8Array> {
  return new Uint8Array(withSegment(await page().jpeg().toBuffer(), 0xfe, Buffer.from(comment, "latin1")));
}

/** A photo whose APP1 says "Exif" and holds no TIFF structure after it. */
export async function photoWithUnreadableExif(): Promise<Uint8Array> {
  return new Uint8Array(withSegment(await page().jpeg().toBuffer(), 0xe1, Buffer.from(`Exif\0\0${PHOTO.owner} was here`, "latin1")));
}

/** A PDF made from the photo as a scanning app makes one: the JPEG stored byte for byte, its EXIF with it. */
export async function pdfOfPhoto(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const image = await doc.embedJpg(await photo());
  doc.addPage([300, 200]).drawImage(image, { x: 0, y: 0, width: 300, height: 200 });
  return doc.save();
}

/** What `scanWithWords` shows, one line each: the words OCR must find. */
export const SCAN_LINES = ["सार्वजनिक खरिद अनुगमन कार्यालयको प्रतिवेदन", "The contract between the ministry and the supplier"] as const;

/**
 * A scanned A5 page at 150 dpi (874 × 1240 pixels, PNG) printed with a line in Nepali and one in
 * English, in the site's own Noto Sans Devanagari (its Devanagari and Latin files), so that the
 * test needs no system font.
 */
export async function scanWithWords(): Promise<Uint8Array> {
  const font = (file: string) => createRequire(import.meta.url).resolve(`@fontsource/noto-sans-devanagari/files/${file}`);
  GlobalFonts.registerFromPath(font("noto-sans-devanagari-devanagari-400-normal.woff2"), "Scan Devanagari");
  GlobalFonts.registerFromPath(font("noto-sans-devanagari-latin-400-normal.woff2"), "Scan Latin");
  const canvas = createCanvas(874, 1240);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = "#111111";
  context.font = '26px "Scan Latin", "Scan Devanagari"';
  SCAN_LINES.forEach((line, index) => context.fillText(line, 80, 200 + index * 70));
  const png = await canvas.encode("png");
  return new Uint8Array(await sharp(png).withMetadata({ density: 150 }).png().toBuffer());
}
