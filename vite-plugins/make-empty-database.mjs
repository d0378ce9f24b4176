// Makes an empty embedded database (PGlite's initdb, nothing else) in a folder beside the build,
// stamped with the PGlite version that made it. A first start on an empty data folder copies it
// instead of running initdb: initdb takes PGlite's process to 740 MB of resident memory, opening a
// copy to under 200 MB (docs/decisions.md, "An empty database made at build time"). A database
// kept in memory (the tests') starts from the same database as an archive: in seconds, not initdb's tens.
//
// usage: node vite-plugins/make-empty-database.mjs <folder>
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";

const folder = process.argv[2];
if (!folder) throw new Error("usage: node vite-plugins/make-empty-database.mjs <folder>");

const pgliteVersion = JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.resolve("@electric-sql/pglite"))), "..", "package.json"), "utf8")).version;
const stampFile = path.join(folder, "database-template.json");
const databaseFolder = path.join(folder, "database");

let stamp;
try {
  stamp = JSON.parse(readFileSync(stampFile, "utf8"));
} catch {
  stamp = undefined;
}
if (stamp?.pglite !== pgliteVersion || !existsSync(path.join(folder, "database.tar.gz"))) {
  mkdirSync(folder, { recursive: true });
  const making = `${databaseFolder}.making`;
  rmSync(making, { recursive: true, force: true });
  const db = await PGlite.create({ dataDir: making });
  // The same database as an archive, for databases kept in memory (the tests'), which cannot start from a folder.
  const archive = Buffer.from(await (await db.dumpDataDir("gzip")).arrayBuffer());
  await db.close();
  rmSync(stampFile, { force: true });
  rmSync(databaseFolder, { recursive: true, force: true });
  renameSync(making, databaseFolder);
  writeFileSync(path.join(folder, "database.tar.gz"), archive);
  writeFileSync(stampFile, `${JSON.stringify({ pglite: pgliteVersion })}\n`);
}
