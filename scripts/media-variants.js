// `npm run media:variants`: makes the AVIF and WebP variants of every upload stored before uploads
// got them, in the store the site uses (DATA_DIR/uploads, or the MEDIA_STORAGE=s3 bucket), and
// records them so that pages offer them. Safe to stop at any point and run again: a run makes only
// what is missing (app/server/services/media-variants-backfill.ts). The embedded database must not be in
// use by a running server (it allows one process per data folder); a PostgreSQL site keeps running.
import { loadBuild } from "./cli.js";

const build = await loadBuild();
const message = (error) => (error instanceof Error ? error.message : String(error));
try {
  await build.startApp();
} catch (error) {
  // Most often a server holding the embedded database: its message says so.
  console.error(message(error));
  process.exit(1);
}
try {
  const storage = build.mediaStorage();
  await storage.check();
  const result = await build.backfillVariants(await build.database(), storage, (upload, progress) => {
    const made = upload.made.length > 0 ? `made ${upload.made.join(" ")}` : "nothing to make";
    console.log(`${progress.done + progress.alreadyDone} of ${progress.total}: ${upload.name}: ${made}${upload.alreadyStored > 0 ? ` (${upload.alreadyStored} already stored)` : ""}`);
  });
  const unreadable = result.unreadable > 0 ? `, ${result.unreadable} not readable as images (left as they are)` : "";
  console.log(`Done: ${result.done} uploads given their variants, ${result.alreadyDone} had them already${unreadable}, ${result.total} in all.`);
} catch (error) {
  console.error(message(error));
  process.exitCode = 1;
} finally {
  await build.stopApp();
}
