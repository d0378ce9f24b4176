/**
 * `npm run media:variants`: makes the AVIF and WebP variants of uploads stored before they existed,
 * in whichever store the site uses. Resumable without a journal of its own: a variant already in the
 * store is never made again (a store write is whole or nothing: S3 puts, the local folder's link of
 * a finished file), and an upload is recorded (media_variants) only once all of its variants are
 * stored, so a run killed at any point leaves work the next run finishes and nothing it redoes.
 */
import sharp from "sharp";
import type { Executor } from "../db/connection";
import { encodeModernVariant, modernVariantsFor, recordModernVariants, uploadsWithVariants } from "./media-variants";
import type { MediaStorage } from "../storage/media-storage";
import { UPLOADS_URL_PREFIX } from "../storage/media-names";

/** An uploaded image as stored, not one of its smaller widths (`abc-480w.jpg`) nor a document's file. */
const ORIGINAL_IMAGE = /^(?![a-z0-9._-]*-\d+w\.[a-z]+$)[a-z0-9._-]+\.(?:jpe?g|png)$/i;

export interface BackfillProgress {
  /** Uploads given their variants by this run. */
  done: number;
  /** Uploads recorded as having them before this run. */
  alreadyDone: number;
  /** Uploads that are not readable images: left as they are. */
  unreadable: number;
  total: number;
}

/** What one upload took: the variant files this run made, and those an earlier run had stored. */
export interface UploadBackfilled {
  name: string;
  made: string[];
  alreadyStored: number;
}

/** Uploads at once: the encodes themselves are limited process-wide (services/media-variants.ts). */
const UPLOADS_AT_ONCE = 2;

export async function backfillVariants(
  db: Executor,
  storage: MediaStorage,
  onUpload: (upload: UploadBackfilled, progress: BackfillProgress) => void = () => {},
): Promise<BackfillProgress> {
  const stored = new Set<string>();
  for await (const name of storage.list()) stored.add(name);
  const recorded = await uploadsWithVariants(db);
  const originals = [...stored].filter((name) => ORIGINAL_IMAGE.test(name)).sort();
  const todo = originals.filter((name) => !recorded.has(UPLOADS_URL_PREFIX + name));
  const progress: BackfillProgress = { done: 0, alreadyDone: originals.length - todo.length, unreadable: 0, total: originals.length };

  const backfill = async (name: string) => {
    const url = UPLOADS_URL_PREFIX + name;
    const image = await storage.read(name);
    const width = image ? await sharp(image).metadata().then((metadata) => metadata.width, () => undefined) : undefined;
    if (!image || !width) {
      progress.unreadable++;
      return;
    }
    const made: string[] = [];
    let alreadyStored = 0;
    for (const variant of modernVariantsFor(url, width)) {
      if (stored.has(variant.name)) {
        alreadyStored++;
        continue;
      }
      await storage.save(variant.name, await encodeModernVariant(image, variant), variant.contentType);
      made.push(variant.name);
    }
    await recordModernVariants(db, url, width);
    progress.done++;
    onUpload({ name, made, alreadyStored }, { ...progress });
  };

  let next = 0;
  const worker = async () => {
    while (next < todo.length) await backfill(todo[next++]!);
  };
  await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, worker));
  return progress;
}
