// What both benchmarks share: starting our production server on a throwaway data folder, load
// generation, and the record file.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const root = path.resolve(import.meta.dirname, "..");
const buildDir = process.env.BUILD_DIR ?? "build";

export function requireBuild() {
  if (!existsSync(path.join(root, buildDir, "server/index.js"))) {
    console.error(`No build in ${buildDir}/: run \`npx react-router build\` first.`);
    process.exit(1);
  }
}

export function load(url, extra = {}) {
  return new Promise((resolve, reject) =>
    autocannon({ url, duration: DURATION, connections: CONNECTIONS, ...extra }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

export const summary = (result) => ({
  requests_per_second: Math.round(result.requests.average),
  latency_p50_ms: result.latency.p50,
  latency_p99_ms: result.latency.p99,
  errors: result.errors + result.non2xx,
});

export const newDataDir = () => mkdtempSync(path.join(os.tmpdir(), "khulasa-bench-"));
export const removeDataDir = (dataDir) => rmSync(dataDir, { recursive: true, force: true });

/** Our server in production mode on `dataDir` (seeded with the demo on first start). */
export async function startServer(dataDir, env = {}) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO_CONTENT: "true",
      DATABASE_URL: "",
      ...env,
    },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    rssMb: () => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
        return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024);
      } catch {
        return null;
      }
    },
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

export function record(entry) {
  const line = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, duration_s: DURATION, connections: CONNECTIONS, ...entry };
  appendFileSync(path.join(root, "bench/results.jsonl"), JSON.stringify(line) + "\n");
  console.log(JSON.stringify(line, null, 2));
}
