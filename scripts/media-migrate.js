// `npm run media:migrate [-- --from <folder>]`: copies the uploads folder (DATA_DIR/uploads unless
// --from names another) into the bucket that MEDIA_STORAGE=s3 and the S3_* settings name. Safe to
// run again, and to stop half-way: each run copies only the files the bucket does not have yet.
import path from "node:path";
import { parseArgs } from "node:util";
import { loadBuild } from "./cli.js";

const { values } = parseArgs({ options: { from: { type: "string" } } });
if (process.env.MEDIA_STORAGE !== "s3") {
  console.error("media:migrate copies uploads into a bucket: set MEDIA_STORAGE=s3 and the S3_* settings the server will use (README, Configuration).");
  process.exit(2);
}
const from = path.resolve(values.from ?? path.join(process.env.DATA_DIR ?? "./data", "uploads"));

const build = await loadBuild();
const message = (error) => (error instanceof Error ? error.message : String(error));
try {
  const bucket = build.mediaStorage();
  await bucket.check();
  console.log(`Copying ${from} into bucket "${process.env.S3_BUCKET}"…`);
  let shown = 0;
  const result = await build.migrateMedia(from, bucket, (progress) => {
    if (progress.copied - shown >= 100) {
      shown = progress.copied;
      console.log(`${progress.copied} of ${progress.total - progress.alreadyThere} copied`);
    }
  });
  console.log(`Done: ${result.copied} copied, ${result.alreadyThere} already in the bucket, ${result.total} in the folder.`);
} catch (error) {
  console.error(message(error));
  process.exitCode = 1;
}
