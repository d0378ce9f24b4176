/**
 * The examination of a photo or scan of a document (issue 38): what the file tells besides its
 * pixels. A phone's photo says where it was taken (GPS), with which camera (make, model, serial
 * number), whose it is (artist, owner, copyright), with what it was edited and when; its EXIF may
 * carry a thumbnail made before it was cropped. Each is a `metadata` finding with its value (the
 * thumbnail a `thumbnails` one), of the whole file. sharp reads the metadata blocks
 * as they are in the file, exif-reader reads the EXIF in them. Runs in the documents worker.
 */
import { createHash } from "node:crypto";
import exifReader from "exif-reader";
import type { Examination, ExaminationProgress, Finding } from "./findings";
import { MAX_IMAGE_PIXELS, openImage } from "./image-pdf";
import { iptcValues } from "./iptc";
import { jpegComments } from "./jpeg-segments";
import { clip, xmpValues } from "./metadata-text";

type Exif = ReturnType<typeof exifReader>;
type Tags = Record<string, unknown>;

/** Windows' own tags (XPAuthor, XPComment…): text in UTF-16, stored as bytes. */
const WINDOWS_TEXT = /^XP[A-Z]/;
/** The character code UserComment's first eight bytes name. */
const UNICODE_COMMENT = "UNICODE\0";

/** Of the whole file, as a PDF's metadata is: `page` null. */
const metadata = (text: string): Finding => ({ kind: "metadata", page: null, rect: null, text: clip(text) });

/** EXIF dates have no time zone; exif-reader reads them as UTC, and they are written back so. */
const dateText = (date: Date) => (Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 19).replace("T", " "));

/**
 * A tag's value as an editor reads it, or "" for one that tells nothing of who or where: a number
 * (an exposure, an orientation, the offsets of the other blocks), a version.
 */
function valueText(name: string, value: unknown): string {
  if (typeof value === "string") return value.replace(/\0+$/, "").trim();
  if (value instanceof Date) return dateText(value);
  const bytes = Array.isArray(value) && value.every((item) => typeof item === "number") ? Buffer.from(value) : Buffer.isBuffer(value) ? value : null;
  if (!bytes) return "";
  if (WINDOWS_TEXT.test(name)) return bytes.toString("utf16le").replace(/\0+$/, "").trim();
  if (name === "UserComment") {
    const text = bytes.toString("latin1", 0, 8) === UNICODE_COMMENT ? bytes.subarray(8).toString("utf16le") : bytes.subarray(8).toString("utf8");
    return text.replace(/\0+$/, "").trim();
  }
  // The maker's private block: often a serial number, an owner's name, a lens's history.
  if (name === "MakerNote") return `${bytes.length} bytes of the camera maker's data`;
  return "";
}

function tagFindings(tags: Tags | undefined): Finding[] {
  return Object.entries(tags ?? {}).flatMap(([name, value]) => {
    const text = valueText(name, value);
    return text ? [metadata(`${name}: ${text}`)] : [];
  });
}

/** Degrees, minutes and seconds as signed decimal degrees, to six places (about 10 cm). */
function degrees(parts: unknown, ref: unknown, negative: string): number | null {
  if (!Array.isArray(parts) || parts.length !== 3 || !parts.every((part) => typeof part === "number" && Number.isFinite(part))) return null;
  const [d, m, s] = parts as [number, number, number];
  const value = d + m / 60 + s / 3600;
  return Math.round((ref === negative ? -value : value) * 1e6) / 1e6;
}

/** The position as one finding, "GPS position: 27.708417, 85.312533", then every other GPS tag with its value. */
function gpsFindings(gps: Tags | undefined): Finding[] {
  if (!gps) return [];
  const findings: Finding[] = [];
  const latitude = degrees(gps.GPSLatitude, gps.GPSLatitudeRef, "S");
  const longitude = degrees(gps.GPSLongitude, gps.GPSLongitudeRef, "W");
  if (latitude !== null && longitude !== null) findings.push(metadata(`GPS position: ${latitude}, ${longitude}`));
  const told = new Set(["GPSVersionID", "GPSLatitude", "GPSLatitudeRef", "GPSLongitude", "GPSLongitudeRef"]);
  for (const [name, value] of Object.entries(gps)) {
    if (told.has(name)) continue;
    const text = Array.isArray(value) ? value.join(" ") : value instanceof Date ? dateText(value) : String(value ?? "").trim();
    if (text) findings.push(metadata(`${name}: ${text}`));
  }
  return findings;
}

/** The EXIF thumbnail (IFD1), with its size when it is a JPEG that can be read. */
async function thumbnailFindings(exif: Buffer, parsed: Exif): Promise<Finding[]> {
  const ifd = parsed.Thumbnail as Tags | undefined;
  if (!ifd) return [];
  const offset = Number(ifd.JPEGInterchangeFormat);
  const length = Number(ifd.JPEGInterchangeFormatLength);
  let text = "";
  if (offset > 0 && length > 0) {
    // Offsets count from the TIFF header, which follows "Exif\0\0" when sharp keeps that.
    const start = (exif.toString("latin1", 0, 4) === "Exif" ? 6 : 0) + offset;
    const size = await openImage(exif.subarray(start, start + length))
      .metadata()
      .catch(() => null);
    if (size) text = `${size.width} × ${size.height} ${size.format.toUpperCase()}`;
  }
  return [{ kind: "thumbnails", page: null, rect: null, text }];
}

async function exifFindings(exif: Buffer): Promise<Finding[]> {
  let parsed: Exif;
  try {
    parsed = exifReader(exif);
  } catch {
    // Unreadable is not empty: the block is there, and preparation leaves it behind all the same.
    return [metadata(`EXIF: ${exif.length} bytes that could not be read`)];
  }
  return [
    ...tagFindings(parsed.Image as Tags | undefined),
    ...tagFindings(parsed.Photo as Tags | undefined),
    ...gpsFindings(parsed.GPSInfo as Tags | undefined),
    ...(await thumbnailFindings(exif, parsed)),
  ];
}

type ImageMetadata = Awaited<ReturnType<ReturnType<typeof openImage>["metadata"]>>;

async function metadataFindings(read: ImageMetadata, bytes: Uint8Array): Promise<Finding[]> {
  const xmp = read.xmpAsString ? xmpValues(read.xmpAsString) : [];
  return [
    ...(read.exif ? await exifFindings(read.exif) : []),
    ...(read.xmpAsString ? (xmp.length > 0 ? xmp : ["XMP"]).map(metadata) : []),
    ...(read.iptc ? iptcValues(read.iptc).map(metadata) : []),
    // A PNG's text chunks: "Author", "Comment", "Software", "Creation Time"…
    ...(read.comments ?? []).filter(({ text }) => text.trim()).map(({ keyword, text }) => metadata(`${keyword}: ${text}`)),
    ...(read.format === "jpeg" ? jpegComments(bytes).map((text) => metadata(`Comment: ${text}`)) : []),
  ];
}

/**
 * What a picture inside a PDF carries of the photo it was (structure.ts): a JPEG is stored in a
 * PDF byte for byte, its EXIF included. One that cannot be read tells nothing here; drawing the
 * page is pdf.js's business.
 */
export async function imageMetadataFindings(jpeg: Uint8Array): Promise<Finding[]> {
  const read = await openImage(jpeg)
    .metadata()
    .catch(() => null);
  return read ? metadataFindings(read, jpeg) : [];
}

export async function examineImage(bytes: Uint8Array, onProgress?: (progress: ExaminationProgress) => void): Promise<Examination> {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const read = await openImage(bytes).metadata();
  if (read.width * read.height > MAX_IMAGE_PIXELS) throw new Error(`${read.width} × ${read.height} pixels is more than ${MAX_IMAGE_PIXELS}`);
  // Every pixel decoded once, as a PDF's examination reads every page: a damaged file fails here, not at its preparation.
  await openImage(bytes).stats();
  const findings = await metadataFindings(read, bytes);
  onProgress?.({ page: 1, pages: 1 });
  return { pages: 1, sha256, findings };
}
