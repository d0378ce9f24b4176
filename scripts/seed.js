// `npm run seed -- --articles N`: writes an archive of N articles in both languages straight into
// the database that DATA_DIR or DATABASE_URL names (for benchmarks and capacity planning). On an
// empty database it first does what a first start does: migrations, the first admin, the demo.
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
const build = await import(pathToFileURL(path.resolve(buildDir, "server/index.js")).href);
try {
  await build.startApp();
  const started = Date.now();
  let reported = 0;
  const result = await build.bulkSeed(await build.database(), {
    articles: count,
    onProgress(written) {
      if (written - reported < 5000 && written !== count) return;
      reported = written;
      const seconds = (Date.now() - started) / 1000;
      console.log(`${written} of ${count} articles (${Math.round(written / seconds)} a second)`);
    },
  });
  console.log(`Wrote ${result.articles} articles in ${(result.milliseconds / 1000).toFixed(1)} s.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await build.stopApp();
}
