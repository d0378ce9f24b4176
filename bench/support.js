// What the benchmarks share: wrk as the load generator (a process of its own, able to saturate a
// server on this machine), our production server and a bare baseline server in processes of their
// own, the seeded archive, the admin's session, and the record file.
import { execFileSync, fork, spawn, spawnSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfStale } from "../scripts/build-if-stale.js";
import { freePort } from "../tests/support/free-port.mjs";

export const root = path.resolve(import.meta.dirname, "..");

/** Below this a bare node:http server was not saturated: the figures would be the generator's. */
export const MIN_BARE_REQUESTS_PER_SECOND = 10_000;

/** The build the benchmark measures is the sources' (BUILD_DIR, as `npm start` builds it). */
export function prepareBuild() {
  process.chdir(root);
  buildIfStale();
}

/** wrk comes from Debian; installed when we may, else named. */
export function ensureWrk() {
  if (spawnSync("wrk", ["--version"]).error === undefined) return;
  if (process.getuid?.() !== 0) {
    console.error("The benchmark generates load with wrk: install Debian's package (sudo apt-get install wrk).");
    process.exit(1);
  }
  console.log("wrk is missing: installing Debian's wrk package…");
  execFileSync("apt-get", ["update"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "wrk"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
}

export const newDataDir = () => mkdtempSync(path.join(os.tmpdir(), "khulasa-bench-"));
export const removeDataDir = (dataDir) => rmSync(dataDir, { recursive: true, force: true });

const ADMIN = { email: "bench@example.com", password: "bench-admin-password" };

/** The database settings of a run: the embedded one in `dataDir`, or PostgreSQL at `databaseUrl`. */
function databaseEnv({ dataDir, databaseUrl }) {
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The demo's banners give the archive real images to show.
    DEMO_CONTENT: "true",
    // The editors' burst measures saving and serving, not signing in: the bench's admin signs in
    // with its password alone, as the test servers' do.
    REQUIRE_SECOND_FACTOR: "none",
  };
}

/**
 * `npm run seed` in a process of its own, before the server starts. `tree` is the checkout whose
 * seed script and build write the archive: this one, or an older commit's (bench/compare.js).
 */
export function seedArchive(target, articles, tree = root) {
  console.log(`Seeding ${articles} articles…`);
  const { env: seedEnv, nodeFlags } = scriptSettings(tree, "seed");
  const result = spawnSync(process.execPath, [...nodeFlags, "scripts/seed.js", "--articles", String(articles)], {
    cwd: tree,
    env: { ...process.env, ...seedEnv, ...databaseEnv(target) },
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
  });
  process.stdout.write(result.stdout);
  if (result.status !== 0) throw new Error("seeding failed");
  const peak = /^Peak memory: (\d+) MB/m.exec(result.stdout)?.[1];
  return { peakRssMb: peak === undefined ? null : Number(peak) };
}

/**
 * The server's memory high-water mark (VmHWM) on its first start on an empty data folder (the
 * embedded database made, migrated and filled with the demo, as `npm install && npm start` does)
 * and on a restart on the same folder; each read a second after the server answers.
 */
export async function measureStarts() {
  const dataDir = newDataDir();
  const peakOf = async () => {
    const server = await startServer({ dataDir });
    await new Promise((r) => setTimeout(r, 1000));
    const peak = server.peakRssMb();
    await server.stop();
    return peak;
  };
  try {
    const firstStart = await peakOf();
    const restart = await peakOf();
    return { first_start: firstStart, restart };
  } finally {
    removeDataDir(dataDir);
  }
}

function statusOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return "";
  }
}
const megabytes = (status, field) => {
  const kb = status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1];
  return kb === undefined ? null : Math.round(Number(kb) / 1024);
};

/**
 * The process settings an npm script gives node, read from package.json's script `name`
 * (`VAR=value … node --flag … scripts/start.js`), so that the bench measures what operators run.
 */
function scriptSettings(tree, name) {
  const script = JSON.parse(readFileSync(path.join(tree, "package.json"), "utf8")).scripts[name];
  const [assignments, command = ""] = script.split(/\bnode\b/);
  return {
    env: Object.fromEntries([...assignments.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])),
    nodeFlags: command.trim().split(/\s+/).filter((arg) => arg.startsWith("--")),
  };
}

/**
 * Our server in production mode on `target`, as `npm start` runs it; `env` adds settings
 * (PAGE_CACHE_MB, …); `tree` is the checkout whose built server runs (this one by default);
 * `startLimitMs` bounds the start (an upgrade's migrations on a large archive take longer).
 */
export async function startServer(target, env = {}, { tree = root, startLimitMs = 120_000 } = {}) {
  const port = await freePort();
  const started = Date.now();
  const { env: startEnv, nodeFlags } = scriptSettings(tree, "start");
  // BENCH_SERVER_FLAGS adds node flags to the server alone (--cpu-prof is refused in NODE_OPTIONS).
  const extraFlags = (process.env.BENCH_SERVER_FLAGS ?? "").split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeFlags, ...extraFlags, "server.js"], {
    cwd: tree,
    env: { ...process.env, ...startEnv, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", ...databaseEnv(target), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error("the server exited while starting");
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // still starting
    }
    if (Date.now() - started > startLimitMs) {
      child.kill("SIGTERM");
      throw new Error(`the server did not start within ${startLimitMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    pid: child.pid,
    startupMs: Date.now() - started,
    rssMb: () => megabytes(statusOf(child.pid), "VmRSS"),
    peakRssMb: () => megabytes(statusOf(child.pid), "VmHWM"),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

export async function startBare() {
  const port = await freePort();
  const child = fork(path.join(root, "bench/bare-server.js"), { env: { ...process.env, PORT: String(port) } });
  await new Promise((resolve) => child.once("message", resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
export const THREADS = Number(process.env.BENCH_THREADS ?? 2);

/**
 * One wrk run: `paths` (request paths on `url`'s origin) are walked in turn, shared out between
 * wrk's threads; `headers` are sent with every request. Returns wrk's counts and latency percentiles.
 */
export function wrk(url, { headers = {}, paths, seconds = SECONDS, connections = CONNECTIONS } = {}) {
  let pathsFile;
  if (paths) {
    pathsFile = path.join(mkdtempSync(path.join(os.tmpdir(), "khulasa-wrk-")), "paths.txt");
    writeFileSync(pathsFile, paths.join("\n") + "\n");
  }
  const args = ["-t", String(THREADS), "-c", String(connections), "-d", `${seconds}s`, "--timeout", "10s", "-s", path.join(root, "bench/wrk.lua")];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { env: { ...process.env, BENCH_PATHS: pathsFile ?? "", BENCH_THREADS: String(THREADS) } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => {
      if (pathsFile) rmSync(path.dirname(pathsFile), { recursive: true, force: true });
      const line = output.split("\n").find((l) => l.startsWith("BENCH_JSON "));
      if (code !== 0 || !line) return reject(new Error(`wrk failed (${code}): ${output}`));
      resolve(JSON.parse(line.slice("BENCH_JSON ".length)));
    });
  });
}

/** The token a bench starts its server with (METRICS_TOKEN) to read the server's /metrics. */
export const METRICS_TOKEN = "bench-metrics";

/**
 * The server's main thread as its own /metrics see it: the event loop's lag since the last time
 * it was asked (prom-client resets that histogram at each scrape), in ms, which says whether
 * requests waited for the thread or for a core; and the garbage collections' running totals by
 * kind (count and ms), for `collectionsSince`.
 */
export async function mainThread(base) {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (name) => Number(text.match(new RegExp(`^${name} (\\S+)$`, "m"))?.[1] ?? NaN);
  const ms = (seconds) => +(seconds * 1000).toFixed(1);
  const collections = {};
  for (const [, kind, seconds] of text.matchAll(/^nodejs_gc_duration_seconds_sum\{kind="(\w+)"\} (\S+)$/gm)) {
    const count = Number(text.match(new RegExp(`^nodejs_gc_duration_seconds_count\\{kind="${kind}"\\} (\\S+)$`, "m"))?.[1] ?? 0);
    collections[kind] = { count, ms: ms(Number(seconds)) };
  }
  return { lag: { p99_ms: ms(value("nodejs_eventloop_lag_p99_seconds")), max_ms: ms(value("nodejs_eventloop_lag_max_seconds")) }, collections };
}

/** The collections between two readings of `mainThread`, by kind: how many, and their ms in all. */
export function collectionsSince(before, after) {
  return Object.fromEntries(
    Object.entries(after.collections).map(([kind, { count, ms }]) => [kind, { count: count - (before.collections[kind]?.count ?? 0), ms: +(ms - (before.collections[kind]?.ms ?? 0)).toFixed(1) }]),
  );
}

/**
 * Requests a second, latency in ms, and errors: socket errors (connect, read, write, timeout) and
 * answers other than 2xx and 3xx.
 */
export function summary(stats) {
  const { status, ...socket } = stats.errors;
  const socketErrors = Object.values(socket).reduce((a, b) => a + b, 0);
  return {
    requests_per_second: Math.round(stats.requests / (stats.duration_us / 1e6)),
    p50_ms: +(stats.latency_us.p50 / 1000).toFixed(2),
    p99_ms: +(stats.latency_us.p99 / 1000).toFixed(2),
    errors: socketErrors + status,
    socket_errors: socketErrors,
    status_errors: status,
  };
}

/** Latency percentiles of requests made one at a time, in ms. */
export function percentiles(latencies, quantiles) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q) => +(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  return Object.fromEntries(quantiles.map((q) => [`p${Math.round(q * 100)}_ms`, at(q)]));
}

/** The admin's session cookie, and the Origin header a cookie-authenticated write must carry (CSRF). */
export async function signIn(base) {
  const res = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!res.ok || !cookie) throw new Error(`admin sign-in failed: ${res.status}`);
  return { cookie, origin: base };
}

export async function json(url, init) {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? "GET"} ${url}: ${res.status}`);
  return res.json();
}

/** Published articles, newest first, as the public API lists them. */
export async function publishedArticles(base, count) {
  const found = [];
  for (let page = 1; found.length < count; page++) {
    const { articles } = await json(`${base}/api/news?limit=100&page=${page}`);
    if (articles.length === 0) break;
    found.push(...articles);
  }
  return found.slice(0, count);
}

/**
 * Search words as readers would type them, from the archive's own titles and excerpts: single
 * words, then pairs of neighbouring words (so that both occur together somewhere).
 */
export function searchQueries(articles) {
  const words = (text) =>
    text
      .split(/[\s:,.'‘’"“”()?!|…–—।-]+/u)
      .filter((w) => [...w].length >= 4)
      .map((w) => w.toLowerCase());
  const texts = articles.flatMap((a) => [a.title, a.excerpt]);
  const single = new Set(texts.flatMap(words));
  const pairs = new Set(
    texts.flatMap((text) => {
      const w = words(text);
      return w.slice(1).map((second, i) => `${w[i]} ${second}`);
    }),
  );
  return [...single, ...pairs];
}

/**
 * Pairs of the words most stories share (issue 41: "water kathmandu" matched 1,641 of 2,000), each
 * pair asked once: the searches that read the most matches, where no cache helps. For each
 * language, the `top` words found in the most of its articles' titles and excerpts, every ordered
 * pair of them; the languages' pairs taken in turn, each list in a fixed shuffle.
 */
export function commonPairQueries(articles, top = 64) {
  const byLanguage = new Map();
  for (const article of articles) {
    const counts = byLanguage.get(article.language) ?? byLanguage.set(article.language, new Map()).get(article.language);
    const seen = new Set(
      `${article.title} ${article.excerpt}`
        .split(/[\s:,.'‘’"“”()?!|…–—।-]+/u)
        .filter((w) => [...w].length >= 4)
        .map((w) => w.toLowerCase()),
    );
    for (const word of seen) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  let state = 1;
  const next = () => (state = (state * 48271) % 2147483647);
  const lists = [...byLanguage.values()].map((counts) => {
    const common = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, top).map(([word]) => word);
    const pairs = common.flatMap((first) => common.filter((second) => second !== first).map((second) => `${first} ${second}`));
    return pairs.map((pair) => [next(), pair]).sort((a, b) => a[0] - b[0]).map(([, pair]) => pair);
  });
  const longest = Math.max(0, ...lists.map((list) => list.length));
  return Array.from({ length: longest }, (_, i) => lists.map((list) => list[i]).filter(Boolean)).flat();
}

export const searchPath = (query) => `/api/news?search=${encodeURIComponent(query)}`;

export function record(entry) {
  const line = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    memory_gb: Math.round(os.totalmem() / 1024 ** 3),
    duration_s: SECONDS,
    connections: CONNECTIONS,
    threads: THREADS,
    ...entry,
  };
  appendFileSync(path.join(root, "bench/results.jsonl"), JSON.stringify(line) + "\n");
  return line;
}
