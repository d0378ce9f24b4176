// `npm run bench:compare`: is this build slower than an older one (issue 37: "no slower than before
// the change, same run, same machine")? The older commit is checked out in a git worktree of its own
// (its own `npm ci` and production build, kept for the next run) and seeds the archive once. Each
// side then starts on a copy of that archive: the older build as it was, this build running its new
// migrations on it (the upgrade an operator makes: how long that start takes is recorded). Both run
// at once and are measured in turns on the very same paths, so that whatever else the machine does
// weighs on both alike. Two sets of scenarios:
//
//   default   bench/run.js's readers, apps and editors (wrk), 2,000 articles on the embedded PGlite
//   --scale   bench/scale.js's one client with nothing cached, 100,000 articles on PostgreSQL
//
// Each side has its own copy of the seeded archive, so that neither measures the other's writes
// (the editors' burst saves articles) nor its caches. The seeded archive is kept in BENCH_CACHE_DIR
// (~/.cache/khulasa-bench) with the older build; `--reuse-seed` takes it instead of seeding again, so
// that a later run only measures (seeding 100,000 articles takes 7 to 15 minutes on 2 cores). A bare
// node:http server is measured with wrk before and after: a run whose bare server stays under 10,000
// requests a second is refused, as `npm run bench` refuses it. Appends to bench/results.jsonl and
// writes docs/performance.md ("Before and after").
//
//   npm run bench:compare -- [--before <git ref>] [--scale] [--articles N] [--reuse-seed] [--requests 200]
//   npm run bench:compare -- [--before <git ref>] [--scale] [--articles N] --seed-only   (build and seed, keep, measure nothing)
//   BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_THREADS tune each wrk run (10 s, 20, 2).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startCluster } from "../tests/support/postgres-cluster.mjs";
import { COMPARED_SAVES_PER_SECOND, measureReads, measureWriteBurst, readPaths, slowBaseline } from "./readers.js";
import { compareTable, writePerformanceDoc } from "./report.js";
import { CONNECTIONS, SECONDS, THREADS, ensureWrk, newDataDir, prepareBuild, record, removeDataDir, root, seedArchive, startBare, startServer, summary, wrk } from "./support.js";
import { UNCACHED, measureUncached, startUpResult, uncachedPaths } from "./uncached.js";

/** The last commit before issue 37's work began. */
const DEFAULT_BEFORE = "53ec6c1";
const CACHE = process.env.BENCH_CACHE_DIR ?? path.join(os.homedir(), ".cache/khulasa-bench");
/**
 * Each path three times on each side in turns, five seconds a time, each side's median run kept: on
 * this shared machine one ten-second run per side left single rows 0.4 to 1.6 apart on a build that
 * had not changed them.
 */
const READ_ROUNDS = { rounds: 3, seconds: 5 };
// An upgrade's migrations rewrite every article of a large archive: far longer than a plain start.
const UPGRADE_START_LIMIT_MS = 30 * 60_000;

const { values: options } = parseArgs({
  options: {
    before: { type: "string", default: DEFAULT_BEFORE },
    scale: { type: "boolean", default: false },
    articles: { type: "string" },
    requests: { type: "string", default: "200" },
    "reuse-seed": { type: "boolean", default: false },
    "seed-only": { type: "boolean", default: false },
  },
});
const SCENARIOS = options.scale ? "scale" : "readers";
const DATABASE = options.scale ? "postgres" : "pglite";
const ARTICLES = Number(options.articles ?? (options.scale ? 100_000 : 2_000));
const REQUESTS = Number(options.requests);
// bench/run.js's rotation and editors need 300 articles.
if (!Number.isInteger(ARTICLES) || ARTICLES < 300) {
  console.error(`--articles takes a whole number of at least 300, not "${options.articles}"`);
  process.exit(2);
}
if (!Number.isInteger(REQUESTS) || REQUESTS < 1) {
  console.error(`--requests takes a whole number of at least 1, not "${options.requests}"`);
  process.exit(2);
}

const git = (...args) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
function commitOf(ref) {
  try {
    return git("rev-parse", "--verify", `${ref}^{commit}`);
  } catch {
    console.error(`--before names no commit: "${ref}"`);
    process.exit(2);
  }
}

function runIn(cwd, command, args) {
  const result = spawnSync(command, args, { cwd, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd}`);
}

/**
 * The older commit, checked out and built in CACHE/tree-<commit>: a git worktree (detached) with its
 * own node_modules and production build. `.bench-ready` names the commit once both are done, so a
 * half-made tree is made again.
 */
function beforeTree(commit) {
  const tree = path.join(CACHE, `tree-${commit}`);
  const ready = path.join(tree, ".bench-ready");
  if (existsSync(ready) && readFileSync(ready, "utf8").trim() === commit) {
    console.log(`The build of ${commit.slice(0, 12)} is ready in ${tree}`);
    return tree;
  }
  console.log(`Checking out and building ${commit.slice(0, 12)} in ${tree}…`);
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(CACHE, { recursive: true });
  // --force: a tree deleted by hand is still registered, and is made again in its place.
  git("worktree", "add", "--detach", "--force", tree, commit);
  runIn(tree, "npm", ["ci", "--no-audit", "--no-fund"]);
  runIn(tree, "npx", ["react-router", "build"]);
  writeFileSync(ready, `${commit}\n`);
  return tree;
}

/**
 * The seeded archive, kept in CACHE/seed-<commit>-<database>-<articles>: `data` (DATA_DIR: the
 * embedded database and the media) and, on PostgreSQL, `pgdata` (the cluster's data folder, copied
 * while stopped). `seed.json` is written last, so a half-kept archive is not taken.
 */
function seedPlace(commit) {
  const dir = path.join(CACHE, `seed-${commit}-${DATABASE}-${ARTICLES}`);
  return { dir, data: path.join(dir, "data"), pgdata: path.join(dir, "pgdata"), about: path.join(dir, "seed.json") };
}

async function seeded(commit, tree) {
  const place = seedPlace(commit);
  if (options["reuse-seed"] && existsSync(place.about)) {
    const about = JSON.parse(readFileSync(place.about, "utf8"));
    console.log(`Reusing the archive of ${ARTICLES} articles seeded by ${commit.slice(0, 12)} on ${about.date} (${place.dir})`);
    return { ...place, reused: true, seed_ms: about.seed_ms };
  }
  rmSync(place.dir, { recursive: true, force: true });
  mkdirSync(place.data, { recursive: true });
  const cluster = DATABASE === "postgres" ? await startCluster() : undefined;
  try {
    cluster?.createDatabase("bench");
    const started = Date.now();
    seedArchive({ dataDir: place.data, databaseUrl: cluster?.url("bench") }, ARTICLES, tree);
    const seedMs = Date.now() - started;
    cluster?.saveCopy(place.pgdata);
    writeFileSync(place.about, JSON.stringify({ commit, database: DATABASE, articles: ARTICLES, seed_ms: seedMs, date: new Date().toISOString() }) + "\n");
    console.log(`Kept the seeded archive in ${place.dir} (--reuse-seed takes it next time)`);
    return { ...place, reused: false, seed_ms: seedMs };
  } finally {
    cluster?.stop();
  }
}

/** A copy of the seeded archive for one side to run on, and how to throw it away. */
async function copyOfSeed(seed) {
  const dataDir = newDataDir();
  execFileSync("cp", ["-a", `${seed.data}/.`, dataDir]);
  const cluster = DATABASE === "postgres" ? await startCluster({ copyOf: seed.pgdata }) : undefined;
  return {
    target: { dataDir, databaseUrl: cluster?.url("bench") },
    discard() {
      cluster?.stop();
      removeDataDir(dataDir);
    },
  };
}

/** What an upgrade must not lose: the published articles, and which are newest. */
async function archiveFacts(base) {
  const res = await fetch(`${base}/api/news?limit=100`);
  const { total, articles } = await res.json();
  return { published: total, newest: articles.map((a) => a.slug) };
}

/** The bare server's requests a second now; false (and says why) when the machine is too busy. */
async function bareRate(bare, moment) {
  const result = summary(await wrk(bare.url));
  console.log(`bare node:http ${moment}: ${result.requests_per_second.toLocaleString("en")} req/s, p99 ${result.p99_ms} ms`);
  return result;
}

/** One side's server on a fresh copy of the seeded archive: the after side's first start is the upgrade. */
async function startSide(label, tree, seed) {
  console.log(`\n== ${label}: ${tree}`);
  const copy = await copyOfSeed(seed);
  try {
    const server = await startServer(copy.target, SCENARIOS === "scale" ? UNCACHED : {}, { tree, startLimitMs: UPGRADE_START_LIMIT_MS });
    console.log(`${label}: started in ${server.startupMs} ms`);
    return { label, tree, copy, server, firstStartMs: server.startupMs };
  } catch (error) {
    copy.discard();
    throw error;
  }
}

/** Starts a side measures, in turns: one start's time swung by a few hundred ms between runs. */
const RESTARTS = 5;

/** Stopped and started again on its archive (a plain start, the migrations done): how long that takes. */
async function restartTime(side) {
  await side.server?.stop();
  side.server = await startServer(side.copy.target, {}, { tree: side.tree });
  const ms = side.server.startupMs;
  await side.server.stop();
  side.server = undefined;
  return ms;
}

/** Each side's median restart, the sides started in turns so that a busy moment weighs on both. */
async function medianRestarts(sides) {
  const times = sides.map(() => []);
  for (let round = 0; round < RESTARTS; round++) {
    for (const [i, side] of sides.entries()) times[i].push(await restartTime(side));
  }
  return times.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]);
}

/**
 * Both sides run at once and are measured in turns (readers.js and uncached.js alternate them path by
 * path, or request by request), so that a machine that grows busier or quieter during the run weighs
 * on both alike: measured one after the other, a side that met a busy minute looked up to twice as
 * slow as the other on the very same build. `paths` are taken from the before side.
 */
async function measureBoth(sides) {
  await new Promise((r) => setTimeout(r, 1000));
  const servers = sides.map((side) => side.server);
  const rssAfterBoot = servers.map((server) => server.rssMb());
  const facts = [];
  for (const server of servers) facts.push(await archiveFacts(server.base));
  let results;
  let writeBursts;
  if (SCENARIOS === "readers") {
    const paths = await readPaths(servers[0].base);
    results = await measureReads(servers, paths.reads, READ_ROUNDS);
    // Writes change the archive: each side's burst on its own copy, one after the other.
    writeBursts = [];
    for (const server of servers) writeBursts.push(await measureWriteBurst(server, paths.reads.hot_article.path, paths.articles, { savesPerSecond: COMPARED_SAVES_PER_SECOND }));
  } else {
    results = await measureUncached(servers, await uncachedPaths(servers[0].base, ARTICLES), REQUESTS);
  }
  const peaks = servers.map((server) => server.peakRssMb());
  const restarts = await medianRestarts(sides);
  return sides.map((side, i) => ({
    facts: facts[i],
    results: results[i],
    writeBurst: writeBursts?.[i],
    startUpMs: { first: side.firstStartMs, again: restarts[i] },
    rssMb: { after_boot: rssAfterBoot[i], peak: peaks[i] },
  }));
}

/** Both sides' figures of each scenario, by its name. */
function paired(before, after) {
  return Object.fromEntries(Object.keys(before).map((key) => [key, { before: before[key], after: after[key] }]));
}

const beforeCommit = commitOf(options.before);
const afterCommit = git("rev-parse", "HEAD");
// The records this tool itself rewrites are not changes to the build measured.
const uncommitted = git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!bench/results.jsonl", ":!docs/performance.md") !== "";
const tree = beforeTree(beforeCommit);
if (options["seed-only"]) {
  await seeded(beforeCommit, tree);
  process.exit(0);
}
prepareBuild();
ensureWrk();

const seed = await seeded(beforeCommit, tree);
const bare = await startBare();
const sides = [];
try {
  const bareStart = await bareRate(bare, "before the sides start");
  if (!slowBaseline(bareStart.requests_per_second)) {
    sides.push(await startSide("before", tree, seed));
    sides.push(await startSide("after", root, seed));
    const [before, after] = await measureBoth(sides);
    const bareEnd = await bareRate(bare, "after both sides");
    if (!slowBaseline(bareEnd.requests_per_second)) {
      const kept = after.facts.published === before.facts.published && after.facts.newest.join() === before.facts.newest.join();
      if (!kept) {
        console.error(`The upgrade changed the archive: ${before.facts.published} published articles before, ${after.facts.published} after, or another newest 100.`);
        process.exitCode = 1;
      }
      const results = paired(before.results, after.results);
      if (SCENARIOS === "scale") {
        results.start_up = { before: startUpResult(before.startUpMs.again), after: startUpResult(after.startUpMs.again) };
      }
      const line = record({
        kind: "compare",
        scenarios: SCENARIOS,
        database: DATABASE,
        articles: ARTICLES,
        before: { ref: options.before, commit: beforeCommit },
        after: { commit: afterCommit, uncommitted_changes: uncommitted },
        seed: { reused: seed.reused, seed_ms: seed.seed_ms },
        interleaved: true,
        bare_node_http: { start: bareStart, end: bareEnd },
        start_up_ms: { before: before.startUpMs.first, upgrade: after.startUpMs.first, before_again: before.startUpMs.again, after_again: after.startUpMs.again, restarts: RESTARTS },
        upgrade_kept_archive: { published: after.facts.published, same_newest_100: kept },
        server_rss_mb: { before: before.rssMb, after: after.rssMb },
        results,
        ...(after.writeBurst ? { write_burst: paired(before.writeBurst, after.writeBurst) } : {}),
      });
      console.log(`\n${compareTable(line).join("\n")}`);
      const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"}), ${Math.round(os.totalmem() / 1024 ** 3)} GB, Node ${process.version}, wrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s`;
      writePerformanceDoc(machine);
      console.log("Recorded in bench/results.jsonl; table in docs/performance.md (Before and after)");
    }
  }
} finally {
  for (const side of sides) {
    await side.server?.stop();
    side.copy.discard();
  }
  await bare.stop();
}
