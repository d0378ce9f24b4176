/**
 * Starts the built production server on a free port with a fresh embedded database, for the API
 * and browser tests. The tests talk to it over HTTP, as any client would.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { freePort } from "./free-port.mjs";
import { becameZombie, isUnreapedZombie } from "./process-state";

export const TEST_ADMIN = { email: "admin@test.example", password: "correct horse battery staple" };

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** The server's process, or with `unreaped` the shell that started it. */
  child: ChildProcess;
  /** The server's own pid. */
  pid: number;
  /** Everything the server printed so far. */
  output(): string;
  /** SIGTERM, wait for the exit, then remove the data folder unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<number | null>;
}

export interface StartOptions {
  /** Reuse this data folder (a restart) instead of a fresh one. */
  dataDir?: string;
  /**
   * Run the server in a process group of its own, as the child of a shell that then only sleeps
   * and never reaps it, as a supervisor that is slow to notice would: killed, the server stays a
   * zombie. `stop` then ends the server and the shell.
   */
  unreaped?: boolean;
  /**
   * The host name of PUBLIC_URL and `baseUrl` (127.0.0.1 unless given). Passkeys need a name:
   * browsers refuse an IP address as WebAuthn's relying party, and `localhost` is a secure context.
   */
  publicHost?: string;
}

/**
 * Starts the built server with `env` over the test defaults and waits for it to exit, as a start
 * that must fail does: its exit code and what it printed on each stream.
 */
export async function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const root = path.resolve(import.meta.dirname, "../..");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "khulasa-fail-"));
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", DEMO_CONTENT: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => (stdout += chunk));
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  await rm(dataDir, { recursive: true, force: true });
  return { code, stdout, stderr };
}

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const root = path.resolve(import.meta.dirname, "../..");
  // A test may start a build of its own (BUILD_DIR in `env`, e.g. the third language's).
  if (!existsSync(path.resolve(root, env.BUILD_DIR ?? process.env.BUILD_DIR ?? "build", "server/index.js"))) {
    throw new Error("No build found: run `npx react-router build` (npm test does it first).");
  }
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), "khulasa-test-")));
  // Another process on the machine (a browser test's server, PostgreSQL) may take the free port
  // before this server listens on it; then the server says so and exits, and a new port is tried.
  for (let attempt = 1; ; attempt++) {
    const started = await launch(env, options, dataDir);
    if (started !== "port taken") return started;
    if (attempt === 3) throw new Error("server exited early three times: each port it was given was taken first");
  }
}

async function launch(env: Record<string, string>, options: StartOptions, dataDir: string): Promise<RunningServer | "port taken"> {
  const root = path.resolve(import.meta.dirname, "../..");
  const port = await freePort();
  // setsid: the server leads a group of its own. `$!` is its pid (setsid forks only a group
  // leader), said on descriptor 3, which only the shell keeps open until then.
  const unreapedShell = 'setsid "$0" server.js 3>&- & echo "$!" >&3; exec sleep 3600 3>&-';
  const [command, args] = options.unreaped ? ["sh", ["-c", unreapedShell, process.execPath]] : [process.execPath, ["server.js"]];
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PUBLIC_URL: `http://${options.publicHost ?? "127.0.0.1"}:${port}`,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      DEMO_CONTENT: "false",
      REGISTRATIONS_PER_ADDRESS: "1000",
      NEWSLETTER_SIGNUPS_PER_ADDRESS: "1000",
      PASSWORD_RESETS_PER_ADDRESS: "1000",
      TIP_ACTIONS_PER_HOUR: "1000",
      // A new tip's proof of work in a few hundred hashes, not a hundred thousand.
      TIP_PUZZLE_BITS: "8",
      // Scheduled stories go live within a second of their time, not fifteen: tests wait less.
      SCHEDULE_CHECK_SECONDS: "1",
      // Most tests sign the admin in with its password alone; second-factor.test.ts starts servers
      // with the default (editors and admins must enrol) and tests the gate there.
      REQUIRE_SECOND_FACTOR: "none",
      ...env,
    },
    stdio: options.unreaped ? ["ignore", "pipe", "pipe", "pipe"] : ["ignore", "pipe", "pipe"],
  });
  const pid = options.unreaped ? Number(await text(child.stdio[3] as Readable)) : child.pid!;
  const exited = () => (options.unreaped ? isUnreapedZombie(pid) : child.exitCode !== null);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited()) {
      child.kill();
      if (/EADDRINUSE/.test(output)) return "port taken";
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      if (options.unreaped) process.kill(pid, "SIGKILL");
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl: options.publicHost ? `http://${options.publicHost}:${port}` : baseUrl,
    dataDir,
    child,
    pid,
    output: () => output,
    async stop({ keepData = false } = {}) {
      if (options.unreaped) {
        if (!isUnreapedZombie(pid)) process.kill(pid, "SIGTERM");
        await becameZombie(pid);
      }
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}
