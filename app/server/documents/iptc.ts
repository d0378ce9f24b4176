/**
 * The IPTC fields of a photo (a press photo's by-line, caption, city, contact), as sharp hands
 * them over: the Photoshop resources of a JPEG's APP13 segment, whose resource 0x0404 holds the
 * IPTC-IIM records. Both formats are a flat list of tagged, sized entries; EXIF, a tree of
 * offsets, is read with exif-reader instead.
 */

/** The application record's (2) datasets, by number, as IPTC-IIM 4.2 names them. */
const DATASETS: Record<number, string> = {
  5: "ObjectName",
  15: "Category",
  20: "SupplementalCategory",
  25: "Keywords",
  40: "SpecialInstructions",
  55: "DateCreated",
  60: "TimeCreated",
  62: "DigitalCreationDate",
  63: "DigitalCreationTime",
  65: "OriginatingProgram",
  80: "By-line",
  85: "By-lineTitle",
  90: "City",
  92: "Sub-location",
  95: "Province-State",
  100: "CountryCode",
  101: "CountryName",
  103: "OriginalTransmissionReference",
  105: "Headline",
  110: "Credit",
  115: "Source",
  116: "CopyrightNotice",
  118: "Contact",
  120: "Caption-Abstract",
  122: "Writer-Editor",
};

const PHOTOSHOP = "Photoshop 3.0\0";
const IPTC_RESOURCE = 0x0404;

/** The IIM block inside the Photoshop resources, or the whole buffer when it is IIM already. */
function iimBlock(data: Buffer): Buffer {
  if (data[0] === 0x1c) return data;
  let at = data.toString("latin1", 0, PHOTOSHOP.length) === PHOTOSHOP ? PHOTOSHOP.length : 0;
  while (at + 12 <= data.length && data.toString("latin1", at, at + 4) === "8BIM") {
    const id = data.readUInt16BE(at + 4);
    const nameLength = data[at + 6]!;
    // The name's length byte and the name are padded to an even length, and so is the data.
    const sizeAt = at + 6 + nameLength + 1 + ((nameLength + 1) % 2);
    if (sizeAt + 4 > data.length) break;
    const size = data.readUInt32BE(sizeAt);
    const start = sizeAt + 4;
    if (id === IPTC_RESOURCE) return data.subarray(start, Math.min(start + size, data.length));
    at = start + size + (size % 2);
  }
  return Buffer.alloc(0);
}

/** Each dataset of the application record, "By-line: Sita Sharma"; the record's version is left out. */
export function iptcValues(data: Uint8Array): string[] {
  const block = iimBlock(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  const values: string[] = [];
  for (let at = 0; at + 5 <= block.length && block[at] === 0x1c; ) {
    const record = block[at + 1]!;
    const dataset = block[at + 2]!;
    const length = block.readUInt16BE(at + 3);
    // A length with its top bit set is an extended one, used only for large binary data: the end.
    if (length & 0x8000) break;
    const value = block.toString("utf8", at + 5, Math.min(at + 5 + length, block.length)).trim();
    if (record === 2 && dataset !== 0 && value) values.push(`IPTC ${DATASETS[dataset] ?? `2:${dataset}`}: ${value}`);
    at += 5 + length;
  }
  return values;
}
