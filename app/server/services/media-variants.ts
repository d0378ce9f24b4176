/**
 * AVIF and WebP copies of uploaded images (lib/responsive-images.ts names them), and the record of
 * which exist (media_variants), which pages read to offer only files that are really there.
 *
 * Encoding runs on libuv's threadpool, never on the request thread; but an AVIF encode of a wide
 * picture holds tens of megabytes, so the whole process encodes at most ENCODES_AT_ONCE pictures at
 * once, each on one libvips thread, with libvips' operation cache off (docs/decisions.md, "Pictures").
 */
import { inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { MODERN_FORMATS, type ModernFormat, modernVariantUrl, modernWidths } from "~/lib/responsive-images";
import type { Executor } from "../db/connection";
import { mediaVariants } from "../db/schema";
import { UPLOADS_URL_PREFIX } from "../storage/media-names";

sharp.concurrency(1);
sharp.cache(false);

/** Two encodes at once: a burst of uploads adds about 120 MB at most, and each upload still uses both cores. */
const ENCODES_AT_ONCE = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(encode: () => Promise<T>): Promise<T> {
  if (running >= ENCODES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await encode();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const CONTENT_TYPES: Record<ModernFormat, string> = { avif: "image/avif", webp: "image/webp" };

/** Effort 2: a quarter of the default's time for files 10% larger (measured in docs/decisions.md). */
function encode(image: Uint8Array, width: number, format: ModernFormat): Promise<Buffer> {
  const resized = sharp(image).resize({ width, withoutEnlargement: true });
  return (format === "avif" ? resized.avif({ quality: 50, effort: 2 }) : resized.webp({ quality: 75, effort: 4 })).toBuffer();
}

export interface ModernVariant {
  name: string;
  width: number;
  format: ModernFormat;
  contentType: string;
}

/** Every AVIF and WebP file an upload `width` pixels wide gets, by stored name. */
export function modernVariantsFor(url: string, width: number): ModernVariant[] {
  return modernWidths(width).flatMap((w) =>
    MODERN_FORMATS.flatMap((format) => {
      const variant = modernVariantUrl(url, w, format);
      return variant ? [{ name: variant.slice(UPLOADS_URL_PREFIX.length), width: w, format, contentType: CONTENT_TYPES[format] }] : [];
    }),
  );
}

/** Encodes one variant of an already clean image (EXIF applied and dropped when it was uploaded). */
export function encodeModernVariant(image: Uint8Array, variant: ModernVariant): Promise<Buffer> {
  return limited(() => encode(image, variant.width, variant.format));
}

/** Every variant of an upload, encoded in memory. */
export async function encodeModernVariants(url: string, image: Uint8Array, width: number): Promise<{ name: string; data: Uint8Array; contentType: string }[]> {
  return Promise.all(
    modernVariantsFor(url, width).map(async (variant) => ({ name: variant.name, data: await encodeModernVariant(image, variant), contentType: variant.contentType })),
  );
}

/** Says that every variant of `url` is stored; written only after the files are. */
export async function recordModernVariants(db: Executor, url: string, width: number): Promise<void> {
  const widths = modernWidths(width);
  await db
    .insert(mediaVariants)
    .values({ url, widths })
    .onConflictDoUpdate({ target: mediaVariants.url, set: { widths: sql`excluded.widths` } });
}

/** The recorded widths of each of `urls` that has variants; the others are absent from the map. */
export async function modernVariantWidths(db: Executor, urls: readonly string[]): Promise<Map<string, number[]>> {
  if (urls.length === 0) return new Map();
  const rows = await db.select({ url: mediaVariants.url, widths: mediaVariants.widths }).from(mediaVariants).where(inArray(mediaVariants.url, [...new Set(urls)]));
  return new Map(rows.map((row) => [row.url, row.widths]));
}

/** Every upload path recorded as having its variants (the backfill's list of finished work). */
export async function uploadsWithVariants(db: Executor): Promise<Set<string>> {
  const rows = await db.select({ url: mediaVariants.url }).from(mediaVariants);
  return new Set(rows.map((row) => row.url));
}
