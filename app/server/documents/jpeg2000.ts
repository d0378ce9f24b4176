/**
 * JPEG 2000 pictures inside a PDF (JPXDecode, issue 38). A PDF stores them byte for byte, as it
 * does a JPEG, so what the scanner or the editing program wrote beside the picture travels with
 * it: XMP and other XML in the JP2 file's `xml ` and `uuid` boxes, a `uinf` box's addresses, and
 * comments in the codestream's main header (COM). These are reported as metadata, and preparation
 * without flattening drops them while keeping the picture's compressed data as it is. Both the JP2
 * file (a list of boxes, the codestream inside `jp2c`) and a bare codestream (JPX allows either)
 * are lists of marked lengths, so this is a walk, not a decoder.
 */
import { PDFArray, PDFName, type PDFDict } from "pdf-lib";
import { xmpValues } from "./metadata-text";

/** A picture stored as JPEG 2000 (JPXDecode its only filter). */
export function isJpeg2000Image(dict: PDFDict): boolean {
  if (dict.get(PDFName.of("Subtype")) !== PDFName.of("Image")) return false;
  const filter = dict.get(PDFName.of("Filter"));
  const only = filter instanceof PDFArray && filter.size() === 1 ? filter.get(0) : filter;
  return only === PDFName.of("JPXDecode");
}

const XMP_UUID = "be7acfcb97a942e89c71999491e3afac";
/** Boxes that hold no part of the picture: XML (XMP among it), private data by UUID, and their addresses. */
const METADATA_BOXES = new Set(["xml ", "uuid", "uinf"]);
const SOC = 0xff4f;
const SOT = 0xff90;
const COM = 0xff64;

interface Box {
  type: string;
  /** Where the box starts and where its content starts and ends. */
  start: number;
  content: number;
  end: number;
}

const uint32 = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) >>> 0) + ((bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!);
const uint16 = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const latin1 = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);

/** The JP2 file's top-level boxes, or null when the bytes are not a list of whole boxes. */
function boxes(bytes: Uint8Array): Box[] | null {
  const found: Box[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) return null;
    let length = uint32(bytes, at);
    let content = at + 8;
    if (length === 1) {
      if (at + 16 > bytes.length) return null;
      length = uint32(bytes, at + 8) * 2 ** 32 + uint32(bytes, at + 12);
      content = at + 16;
    } else if (length === 0) {
      length = bytes.length - at;
    }
    const end = at + length;
    if (end > bytes.length || end < content) return null;
    found.push({ type: latin1(bytes.subarray(at + 4, at + 8)), start: at, content, end });
    at = end;
  }
  return found;
}

const isBareCodestream = (bytes: Uint8Array) => bytes.length >= 2 && uint16(bytes, 0) === SOC;

/** The codestream's main-header segments (SOC to the first SOT) as [marker, start, end]; null if it cannot be followed. */
function mainHeader(codestream: Uint8Array): [number, number, number][] | null {
  if (!isBareCodestream(codestream)) return null;
  const segments: [number, number, number][] = [];
  let at = 2;
  while (at + 4 <= codestream.length) {
    const marker = uint16(codestream, at);
    if (marker === SOT) return segments;
    if (marker >>> 8 !== 0xff) return null;
    const end = at + 2 + uint16(codestream, at + 2);
    if (end > codestream.length) return null;
    segments.push([marker, at, end]);
    at = end;
  }
  return null;
}

function comments(codestream: Uint8Array): string[] {
  return (mainHeader(codestream) ?? []).filter(([marker]) => marker === COM).map(([, start, end]) => latin1(codestream.subarray(start + 6, end)).trim()).filter(Boolean);
}

/** What the picture carries besides its pixels, as the examination words it. */
export function jpeg2000Metadata(bytes: Uint8Array): string[] {
  if (isBareCodestream(bytes)) return comments(bytes).map((text) => `Comment: ${text}`);
  const found: string[] = [];
  for (const box of boxes(bytes) ?? []) {
    const content = bytes.subarray(box.content, box.end);
    if (box.type === "xml ") found.push(...(xmpValues(new TextDecoder().decode(content)).length > 0 ? xmpValues(new TextDecoder().decode(content)) : ["XML"]));
    else if (box.type === "uuid") {
      const isXmp = Buffer.from(content.subarray(0, 16)).toString("hex") === XMP_UUID;
      const values = isXmp ? xmpValues(new TextDecoder().decode(content.subarray(16))) : [];
      found.push(...(values.length > 0 ? values : [isXmp ? "XMP" : "Private data (uuid box)"]));
    } else if (box.type === "uinf") found.push("UUID information (uinf box)");
    else if (box.type === "jp2c") found.push(...comments(content).map((text) => `Comment: ${text}`));
  }
  return found;
}

function withoutComments(codestream: Uint8Array): Uint8Array {
  const header = mainHeader(codestream);
  if (!header) return codestream;
  const dropped = header.filter(([marker]) => marker === COM);
  if (dropped.length === 0) return codestream;
  const parts: Uint8Array[] = [];
  let at = 0;
  for (const [, start, end] of dropped) {
    parts.push(codestream.subarray(at, start));
    at = end;
  }
  parts.push(codestream.subarray(at));
  return Buffer.concat(parts);
}

/** The picture without its metadata boxes and comments; null when it cannot be followed (it is left as it is). */
export function jpeg2000WithoutMetadata(bytes: Uint8Array): Uint8Array | null {
  if (isBareCodestream(bytes)) return withoutComments(bytes);
  const found = boxes(bytes);
  if (!found) return null;
  const parts: Uint8Array[] = [];
  for (const box of found) {
    if (METADATA_BOXES.has(box.type)) continue;
    if (box.type !== "jp2c") {
      parts.push(bytes.subarray(box.start, box.end));
      continue;
    }
    const codestream = withoutComments(bytes.subarray(box.content, box.end));
    const header = new Uint8Array(8);
    new DataView(header.buffer).setUint32(0, codestream.length + 8);
    header.set(bytes.subarray(box.start + 4, box.start + 8), 4);
    parts.push(header, codestream);
  }
  return Buffer.concat(parts);
}
