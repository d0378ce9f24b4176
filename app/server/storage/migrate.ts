/**
 * `npm run media:migrate`: copies a local uploads folder into the bucket the configuration names,
 * for a site that moves to MEDIA_STORAGE=s3. Records need no change (they name uploads by path,
 * see storage/index.ts). Upload names are random and never reused, and a bucket write is whole or
 * nothing, so a name already in the bucket is a file already copied: a second run, or a run after
 * an interrupted one, copies only what is missing.
 */
import { localDiskStorage, type MediaStorage } from "./index";
import { contentTypeOf } from "./media-names";

export interface MigrationProgress {
  copied: number;
  alreadyThere: number;
  total: number;
}

/** Several files in flight at once: each copy is mostly waiting on the network. */
const PARALLEL_COPIES = 4;

export async function migrateMedia(
  fromDirectory: string,
  to: MediaStorage,
  onProgress: (progress: MigrationProgress) => void = () => {},
): Promise<MigrationProgress> {
  const from = localDiskStorage(fromDirectory);
  const present = new Set<string>();
  for await (const name of to.list()) present.add(name);
  const names: string[] = [];
  for await (const name of from.list()) names.push(name);
  names.sort();

  const progress: MigrationProgress = { copied: 0, alreadyThere: 0, total: names.length };
  const missing = names.filter((name) => !present.has(name));
  progress.alreadyThere = names.length - missing.length;
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const name = missing[next++]!;
      const data = await from.read(name);
      // Gone since the listing: nothing to copy, and nothing lost.
      if (data) await to.save(name, data, contentTypeOf(name));
      progress.copied++;
      onProgress({ ...progress });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_COPIES }, worker));
  return progress;
}
