/**
 * A JPEG inside a PDF without what the photo carried (issue 38): a PDF stores a JPEG byte for
 * byte (DCTDecode), so a scanning app's PDF keeps the phone's EXIF, GPS included, in its picture.
 * Preparation without flattening (prepare.ts) keeps each picture's compressed data as it is, and
 * drops the segments that are not the picture: EXIF and XMP (APP1), ICC and multi-picture data
 * (APP2), IPTC and Photoshop's (APP13), the other applications' (APP0's JFIF thumbnail included)
 * and comments, and anything after the end of the image (a second picture, a maker's trailer).
 * Only Adobe's APP14 stays: it says how the colours were transformed, which the PDF reader needs.
 * JPEG's markup is a flat list of marked segments, so this is a walk, not a parse of the picture.
 */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const APP0 = 0xe0;
const APP14 = 0xee;
const APP15 = 0xef;

/** Markers that stand alone, with no length after them: restart markers, TEM. */
const standsAlone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;
const dropped = (marker: number) => marker === COM || (marker >= APP0 && marker <= APP15 && marker !== APP14);

interface Segment {
  marker: number;
  /** From its 0xFF to the end of its data (a scan's compressed data included). */
  start: number;
  end: number;
}

/** The JPEG's segments up to and including its end-of-image marker; null when it is not a JPEG this walk can follow. */
function segments(jpeg: Uint8Array): Segment[] | null {
  if (jpeg[0] !== 0xff || jpeg[1] !== SOI) return null;
  const found: Segment[] = [{ marker: SOI, start: 0, end: 2 }];
  let at = 2;
  while (at < jpeg.length) {
    if (jpeg[at] !== 0xff) return null;
    // Any number of 0xFF may pad before a marker.
    let markerAt = at + 1;
    while (jpeg[markerAt] === 0xff) markerAt++;
    const marker = jpeg[markerAt];
    if (marker === undefined) return null;
    if (marker === EOI || standsAlone(marker)) {
      found.push({ marker, start: markerAt - 1, end: markerAt + 1 });
      if (marker === EOI) return found;
      at = markerAt + 1;
      continue;
    }
    if (markerAt + 3 > jpeg.length) return null;
    let end = markerAt + 1 + ((jpeg[markerAt + 1]! << 8) | jpeg[markerAt + 2]!);
    if (end > jpeg.length) return null;
    if (marker === SOS) {
      // The scan's compressed data runs to the next marker: 0xFF is followed there only by 0x00 (a stuffed byte) or a restart marker.
      while (end + 1 < jpeg.length && !(jpeg[end] === 0xff && jpeg[end + 1] !== 0x00 && !standsAlone(jpeg[end + 1]!))) end++;
      if (end + 1 >= jpeg.length) return null;
    }
    found.push({ marker, start: markerAt - 1, end });
    at = end;
  }
  return null;
}

/** The JPEG without its metadata segments; null when it is not a JPEG this walk can follow (it is left as it is). */
export function jpegWithoutMetadata(jpeg: Uint8Array): Uint8Array | null {
  const found = segments(jpeg);
  return found ? Buffer.concat(found.filter((segment) => !dropped(segment.marker)).map((segment) => jpeg.subarray(segment.start, segment.end))) : null;
}

/** The text of the JPEG's comment segments (COM), which sharp does not read: a program's or a person's name is often there. */
export function jpegComments(jpeg: Uint8Array): string[] {
  return (segments(jpeg) ?? [])
    .filter((segment) => segment.marker === COM)
    .map((segment) => new TextDecoder().decode(jpeg.subarray(segment.start + 4, segment.end)).replace(/\0+$/, "").trim())
    .filter(Boolean);
}
