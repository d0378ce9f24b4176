// A throwaway PostgreSQL cluster for the tests and the benchmark, from Debian's `postgresql`
// package: initdb in a temporary folder, a private port and socket, UTF-8 (C.UTF-8) as docs/product.md#nepali-text
// requires. Plain JavaScript so that `npm run bench` can use it without a TypeScript step; the
// types are in postgres-cluster.d.mts.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.mjs";

function binDir() {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(root, version, "bin");
    if (existsSync(path.join(dir, "initdb"))) return dir;
  }
  throw new Error("PostgreSQL server binaries not found: install Debian's package (apt-get install postgresql).");
}

/** `cp -a`: the owner (the `postgres` user when run as root) and the modes PostgreSQL checks are kept. */
function copyData(from, to) {
  execFileSync("cp", ["-a", from, to]);
}

/**
 * `copyOf`: a data folder kept by `saveCopy` (a seeded archive, bench/compare.js); the cluster
 * starts on a copy of it instead of an empty one.
 */
export async function startCluster({ copyOf } = {}) {
  const bin = binDir();
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), "khulasa-pg-"));
  // PostgreSQL refuses to run as root; run it as the package's `postgres` user.
  const owner = root ? execFileSync("id", ["-u", "postgres"]).toString().trim() : undefined;
  if (owner) chownSync(dir, Number(owner), Number(execFileSync("id", ["-g", "postgres"]).toString().trim()));
  const run = (command, args) => {
    const [file, fullArgs] = root ? ["runuser", ["-u", "postgres", "--", path.join(bin, command), ...args]] : [path.join(bin, command), args];
    const result = spawnSync(file, fullArgs, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  const port = await freePort();
  const data = path.join(dir, "data");
  if (copyOf) copyData(copyOf, data);
  else run("initdb", ["-D", data, "-E", "UTF8", "--locale=C.UTF-8", "-U", "postgres", "-A", "trust"]);
  const start = () => run("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-w", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "start"]);
  start();
  const url = (database) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url,
    createDatabase(name) {
      run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-T", "template0", "-E", "UTF8", "--locale=C.UTF-8", name]);
    },
    // An outage: the server stops (its connections with it) and comes back on the same port and data.
    pause() {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    },
    resume: start,
    /** Stops the server cleanly, copies its data folder to `to`, and starts it again. */
    saveCopy(to) {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      rmSync(to, { recursive: true, force: true });
      copyData(data, to);
      start();
    },
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
