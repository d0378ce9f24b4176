// `npm run restore -- <dir>`: restores a backup written by `npm run backup` into the empty data
// folder (DATA_DIR, DATABASE_URL unset) or the empty PostgreSQL database (DATABASE_URL) and the
// empty media store this configuration names. Every file is checked against the manifest's
// checksums before anything is written. Start the server afterwards: it applies any migration this
// version has that the backup does not. The work is in app/server/backup/.
import { folderArgument, loadBuild } from "./cli.js";

const target = folderArgument("Usage: npm run restore -- <dir>   (the folder `npm run backup` wrote)");
const build = await loadBuild();

try {
  const { dir, manifest, database, media } = await build.restore(target);
  const kind = manifest.database.kind === "pglite" ? "the embedded database" : "the PostgreSQL database";
  console.log(`Restored ${kind} of ${manifest.created_at} from ${dir} into ${database}, and ${manifest.media.count} media files into ${media}. Start the server to use it.`);
} catch (error) {
  console.error(build.backupFailureMessage(error));
  process.exitCode = 1;
}
