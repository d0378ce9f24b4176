// `npm run restore -- <dir>`: restores a backup written by `npm run backup` into the empty data
// folder (DATA_DIR, DATABASE_URL unset) or the empty PostgreSQL database (DATABASE_URL) and the
// empty media store this configuration names. Every file is checked against the manifest's
// checksums before anything is written. Start the server afterwards: it applies any migration this
// version has that the backup does not. The work is in app/server/backup/.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildDir, buildIfStale } from "./build-if-stale.js";

const args = process.argv.slice(2);
if (args.length !== 1 || args[0].startsWith("-")) {
  console.error("Usage: npm run restore -- <dir>   (the folder `npm run backup` wrote)");
  process.exit(2);
}

// `npm run` starts in the project's folder: a relative <dir> is the operator's, from where they typed it.
const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);

buildIfStale();
process.env.NODE_ENV = "production";
let build;
try {
  build = await import(pathToFileURL(path.resolve(buildDir, "server/index.js")).href);
} catch (error) {
  // A setting the build cannot use (config.ts says which), in one line.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

try {
  const { dir, manifest, database, media } = await build.restore(target);
  const kind = manifest.database.kind === "pglite" ? "the embedded database" : "the PostgreSQL database";
  console.log(`Restored ${kind} of ${manifest.created_at} from ${dir} into ${database}, and ${manifest.media.count} media files into ${media}. Start the server to use it.`);
} catch (error) {
  console.error(build.backupFailureMessage(error));
  process.exitCode = 1;
}
