// `npm run seed -- --articles N`: writes an archive of N articles in both languages straight into
// the database that DATA_DIR or DATABASE_URL names (for benchmarks and capacity planning). On an
// empty database it first does what a first start does (migrations, the first admin) and loads the
// demo, whose images become the archive's banners. The embedded database must not be in use by a
// running server: it allows one process per data folder, and says so.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { buildDir, buildIfStale } from "./build-if-stale.js";

const { values } = parseArgs({ options: { articles: { type: "string", default: "2000" } } });
const count = Number(values.articles);
if (!Number.isInteger(count) || count < 1) {
  console.error(`--articles takes a whole number of articles, not "${values.articles}"`);
  process.exit(2);
}

buildIfStale();
process.env.NODE_ENV = "production";
process.env.DEMO_CONTENT ??= "true";
const where = process.env.DATABASE_URL
  ? `PostgreSQL at ${new URL(process.env.DATABASE_URL).host}${new URL(process.env.DATABASE_URL).pathname}`
  : `the embedded database in ${path.join(process.env.DATA_DIR ?? "./data", "db")}`;
const build = await import(pathToFileURL(path.resolve(buildDir, "server/index.js")).href);
const message = (error) => (error instanceof Error ? error.message : String(error));
try {
  await build.startApp();
} catch (error) {
  // Most often a server holding the embedded database: its message says so.
  console.error(message(error));
  process.exit(1);
}
try {
  console.log(`Writing ${count} articles into ${where}…`);
  const started = Date.now();
  const rate = (written) => Math.round(written / ((Date.now() - started) / 1000));
  const step = Math.max(1000, Math.ceil(count / 20 / 500) * 500);
  const result = await build.bulkSeed(await build.database(), {
    articles: count,
    onProgress(written) {
      if (written % step === 0 && written !== count) console.log(`${written} of ${count} articles (${rate(written)} a second)`);
    },
  });
  const seconds = result.milliseconds / 1000;
  console.log(`Wrote ${result.articles} articles in ${seconds.toFixed(1)} s (${Math.round(result.articles / seconds)} a second), then vacuumed and analysed the tables.`);
  // The process's resident high-water mark (as VmHWM), read by `npm run bench`.
  console.log(`Peak memory: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
} catch (error) {
  console.error(message(error));
  process.exitCode = 1;
} finally {
  await build.stopApp();
}
