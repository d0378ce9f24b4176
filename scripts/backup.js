// `npm run backup -- <dir>`: writes a backup of the database (DATA_DIR's embedded one, or
// DATABASE_URL's) and the media (DATA_DIR/uploads, or the MEDIA_STORAGE=s3 bucket) into <dir>, a
// new or empty folder, with a manifest of checksums. The embedded database must not be in use by a
// running server: stop it first (a PostgreSQL site keeps running). The work is in
// app/server/backup/, run from the production build like `npm run seed`.
import { folderArgument, loadBuild } from "./cli.js";

const target = folderArgument("Usage: npm run backup -- <dir>   (a new or empty folder to write the backup to)");
const build = await loadBuild();

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
try {
  const { dir, manifest, skippedMedia } = await build.backup(target);
  const { database, media } = manifest;
  const kind = database.kind === "pglite" ? "the embedded database" : "the PostgreSQL database";
  const dump = manifest.files.find((file) => file.path === database.file);
  console.log(`Backed up ${kind} (PostgreSQL ${database.server_version}, ${database.migrations.count} migrations, latest ${database.migrations.latest}; ${megabytes(dump.size)}) and ${media.count} media files (${megabytes(media.bytes)}) to ${dir}.`);
  if (skippedMedia.length > 0) console.log(`Left out ${skippedMedia.length} objects of the media store that are not uploads of the site: ${skippedMedia.slice(0, 5).join(", ")}${skippedMedia.length > 5 ? "…" : ""}`);
} catch (error) {
  console.error(build.backupFailureMessage(error));
  process.exitCode = 1;
}
