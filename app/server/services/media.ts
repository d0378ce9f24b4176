/**
 * Uploaded media: checked by extension and by magic bytes, re-encoded so that no EXIF or GPS data
 * (which could expose a source) is ever served, and stored under a server-generated name.
 */
import { randomBytes } from "node:crypto";
import sharp, { type OutputInfo } from "sharp";
import type { MessageKey } from "~/lib/messages";
import { variantUrl, variantWidths } from "~/lib/responsive-images";
import { config } from "../platform/config";
import { AppError } from "../errors";
import { type MediaStorage, UPLOADS_URL_PREFIX } from "../storage";
import { type Actor, requireAbility } from "./actor";
import { publicContentUnchanged } from "../cache/public-changes";
import type { Executor } from "../db/connection";
import { encodeModernVariants, recordModernVariants } from "./media-variants";

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

/** A file ready to be stored: checked, cleaned and resized in memory, nothing written yet. */
export interface PreparedMedia {
  media: StoredMedia;
  /** Every file to write (the image, its smaller widths, its AVIF and WebP variants), by server-generated name. */
  files: { name: string; data: Uint8Array; contentType: string }[];
}

/**
 * Checks an upload (extension and magic bytes, size) and re-encodes an image without its metadata,
 * with its responsive widths and modern formats, all in memory: a request refused afterwards (a 400, an edit
 * conflict) leaves nothing behind, and what is written is written in one short step (saveMedia).
 */
export async function prepareMedia(file: { name: string; bytes: Uint8Array }, purpose: MediaPurpose): Promise<PreparedMedia> {
  if (file.bytes.byteLength === 0) throw new AppError(400, "noFile");
  const extension = extensionOf(file.name);
  if (!ALLOWED_EXTENSIONS[purpose].includes(extension)) throw new AppError(415, TYPE_MESSAGE[purpose]);
  // Loaded with the first upload, not at every start (docs/decisions.md#2026-11-29-start-up-loads-what-it-uses-issue-37).
  const { fileTypeFromBuffer } = await import("file-type");
  const sniffed = await fileTypeFromBuffer(file.bytes);
  if (!sniffed || !ALLOWED_SNIFFED[purpose].includes(sniffed.mime)) throw new AppError(415, TYPE_MESSAGE[purpose]);

  const id = randomBytes(12).toString("hex");
  if (sniffed.mime === "video/mp4") {
    if (file.bytes.byteLength > config().maxVideoBytes) throw new AppError(413, "fileTooLarge");
    const name = `${id}.mp4`;
    return {
      media: { url: UPLOADS_URL_PREFIX + name, mediaType: "video", width: null, height: null },
      files: [{ name, data: file.bytes, contentType: "video/mp4" }],
    };
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
  const name = `${id}.${png ? "png" : "jpg"}`;
  const contentType = png ? "image/png" : "image/jpeg";
  const url = UPLOADS_URL_PREFIX + name;
  const [variants, modern] = await Promise.all([imageVariants(url, output.data, output.info.width), encodeModernVariants(url, output.data, output.info.width)]);
  return {
    media: { url, mediaType: "image", width: output.info.width, height: output.info.height },
    files: [{ name, data: output.data, contentType }, ...variants, ...modern],
  };
}

/**
 * Writes a prepared upload, then records its AVIF and WebP variants in `db` (pages offer only
 * recorded ones); if any file fails, the ones written are removed.
 */
export async function saveMedia(storage: MediaStorage, db: Executor, prepared: PreparedMedia): Promise<StoredMedia> {
  try {
    for (const file of prepared.files) await storage.save(file.name, file.data, file.contentType);
  } catch (error) {
    await removeMedia(storage, prepared);
    throw error;
  }
  const { url, mediaType, width } = prepared.media;
  if (mediaType === "image" && width) await recordModernVariants(db, url, width);
  return prepared.media;
}

/** Removes a prepared upload's files, those that were written (a save that failed half-way). */
export async function removeMedia(storage: MediaStorage, prepared: PreparedMedia): Promise<void> {
  await Promise.all(prepared.files.map((file) => storage.remove(file.name)));
}

/** POST /api/upload: a newsroom member's file, checked, cleaned and stored. */
export async function storeMedia(
  storage: MediaStorage,
  db: Executor,
  actor: Actor | null,
  file: { name: string; bytes: Uint8Array },
  purpose: MediaPurpose,
): Promise<StoredMedia> {
  publicContentUnchanged();
  requireAbility(actor, "backOffice");
  return saveMedia(storage, db, await prepareMedia(file, purpose));
}

/** The smaller widths of an already clean image, to store beside it (see responsive-images.ts). */
async function imageVariants(url: string, image: Uint8Array, width: number): Promise<PreparedMedia["files"]> {
  const png = url.endsWith(".png");
  return Promise.all(
    variantWidths(width).map(async (w) => {
      const resized = sharp(image).resize({ width: w });
      const data = await (png ? resized.png({ compressionLevel: 9 }) : resized.jpeg({ quality: 78, mozjpeg: true })).toBuffer();
      return { name: variantUrl(url, w)!.slice(UPLOADS_URL_PREFIX.length), data, contentType: png ? "image/png" : "image/jpeg" };
    }),
  );
}

/**
 * Stores the smaller widths and modern formats of an already clean image beside it (the demo's
 * generated banners); the caller records the modern ones (recordModernVariants) once its database is free.
 */
export async function storeImageVariants(storage: MediaStorage, url: string, image: Uint8Array, width: number): Promise<void> {
  const [variants, modern] = await Promise.all([imageVariants(url, image, width), encodeModernVariants(url, image, width)]);
  for (const file of [...variants, ...modern]) await storage.save(file.name, file.data, file.contentType);
}
