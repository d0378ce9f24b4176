/**
 * Uploaded media: checked by extension and by magic bytes, re-encoded so that no EXIF or GPS data
 * (which could expose a source) is ever served, and stored under a server-generated name.
 */
import { randomBytes } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type OutputInfo } from "sharp";
import type { MessageKey } from "~/lib/messages";
import { variantUrl, variantWidths } from "~/lib/responsive-images";
import { config } from "../config";
import { AppError } from "../errors";
import { type MediaStorage, UPLOADS_URL_PREFIX } from "../storage";

export type MediaPurpose = "banner" | "content";

export interface StoredMedia {
  url: string;
  mediaType: "image" | "video";
  width: number | null;
  height: number | null;
}

const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png"];
const ALLOWED_EXTENSIONS: Record<MediaPurpose, string[]> = {
  banner: IMAGE_EXTENSIONS,
  content: [...IMAGE_EXTENSIONS, "mp4"],
};
const ALLOWED_SNIFFED: Record<MediaPurpose, string[]> = {
  banner: ["image/jpeg", "image/png"],
  content: ["image/jpeg", "image/png", "video/mp4"],
};
const TYPE_MESSAGE: Record<MediaPurpose, MessageKey> = {
  banner: "bannerType",
  content: "contentMediaType",
};
/** Banners and content images wider than this are scaled down: nobody needs more on a news page. */
const MAX_IMAGE_WIDTH = 2400;

const extensionOf = (name: string) => name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? "";

export async function storeMedia(
  storage: MediaStorage,
  file: { name: string; bytes: Uint8Array },
  purpose: MediaPurpose,
): Promise<StoredMedia> {
  if (file.bytes.byteLength === 0) throw new AppError(400, "noFile");
  const extension = extensionOf(file.name);
  if (!ALLOWED_EXTENSIONS[purpose].includes(extension)) throw new AppError(415, TYPE_MESSAGE[purpose]);
  const sniffed = await fileTypeFromBuffer(file.bytes);
  if (!sniffed || !ALLOWED_SNIFFED[purpose].includes(sniffed.mime)) throw new AppError(415, TYPE_MESSAGE[purpose]);

  const id = randomBytes(12).toString("hex");
  if (sniffed.mime === "video/mp4") {
    if (file.bytes.byteLength > config().maxVideoBytes) throw new AppError(413, "fileTooLarge");
    const url = await storage.save(`${id}.mp4`, file.bytes, "video/mp4");
    return { url, mediaType: "video", width: null, height: null };
  }

  if (file.bytes.byteLength > config().maxUploadBytes) throw new AppError(413, "fileTooLarge");
  const png = sniffed.mime === "image/png";
  let pipeline = sharp(file.bytes, { limitInputPixels: 100_000_000 })
    // Apply the EXIF orientation to the pixels before the metadata is dropped.
    .rotate()
    .resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true });
  pipeline = png ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 82, mozjpeg: true });
  let output: { data: Buffer; info: OutputInfo };
  try {
    // sharp writes no metadata unless asked to (withMetadata), so EXIF and GPS are gone.
    output = await pipeline.toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError(415, TYPE_MESSAGE[purpose]);
  }
  const url = await storage.save(`${id}.${png ? "png" : "jpg"}`, output.data, png ? "image/png" : "image/jpeg");
  await storeImageVariants(storage, url, output.data, output.info.width);
  return { url, mediaType: "image", width: output.info.width, height: output.info.height };
}

/** The smaller widths of an already clean image, stored beside it (see responsive-images.ts). */
export async function storeImageVariants(storage: MediaStorage, url: string, image: Uint8Array, width: number): Promise<void> {
  const png = url.endsWith(".png");
  await Promise.all(
    variantWidths(width).map(async (w) => {
      const resized = sharp(image).resize({ width: w });
      const data = await (png ? resized.png({ compressionLevel: 9 }) : resized.jpeg({ quality: 78, mozjpeg: true })).toBuffer();
      const name = variantUrl(url, w)!.slice(UPLOADS_URL_PREFIX.length);
      await storage.save(name, data, png ? "image/png" : "image/jpeg");
    }),
  );
}
