/**
 * What an uploaded document is, told by its bytes alone (issue 38): a file's name and its declared
 * type are the client's word. A PDF, or a photo or scan of a document (JPEG, PNG, WebP).
 */
export type FileKind = "pdf" | "jpeg" | "png" | "webp";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A PDF's header, which readers accept anywhere in the first kilobyte. */
const PDF_HEADER = Buffer.from("%PDF-");

/**
 * An image's signature stands at its very start, so it is asked first: a file that is both (a
 * JPEG with "%PDF-" in its first kilobyte) is taken as the image, whose preparation keeps its
 * pixels and nothing else.
 */
export function fileKind(bytes: Uint8Array): FileKind | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024));
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.subarray(0, 8).equals(PNG_SIGNATURE)) return "png";
  if (head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP") return "webp";
  if (head.includes(PDF_HEADER)) return "pdf";
  return null;
}

export const isImage = (bytes: Uint8Array): boolean => {
  const kind = fileKind(bytes);
  return kind !== null && kind !== "pdf";
};
