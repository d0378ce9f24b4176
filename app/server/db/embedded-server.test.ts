import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import type { Duplex } from "node:stream";
import { becameZombie } from "../../../tests/support/process-state";
import { type EmbeddedServer, startEmbeddedServer } from "./embedded-server";

const folders: string[] = [];
const children: ChildProcess[] = [];
/** Processes that may outlive their parent shell: the holders started under one that never reaps. */
const holders: number[] = [];
const root = path.resolve(import.meta.dirname, "../../..");
const HOLD = ["--import", "tsx", "tests/support/hold-data-folder.ts", "start"];

function dataDir(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "khulasa-lock-"));
  folders.push(folder);
  return path.join(folder, "db");
}

/**
 * Another process that opens the embedded database on `dir` as the server does; its pid once it
 * holds the folder. With `unreaped`, its parent is a shell that then only sleeps and never reaps
 * it, as a supervisor that is slow to notice: killed, it stays a zombie.
 */
async function holdElsewhere(dir: string, { unreaped = false } = {}): Promise<number> {
  const child = unreaped
    ? spawn("sh", ["-c", '"$0" "$@" & exec sleep 600', process.execPath, ...HOLD, dir], { cwd: root, stdio: ["ignore", "pipe", "inherit"] })
    : spawn(process.execPath, [...HOLD, dir], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  let output = "";
  const pid = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (chunk) => {
      output += chunk;
      const started = /started (\d+)/.exec(output);
      if (started) resolve(Number(started[1]));
    });
    child.once("exit", (code) => reject(new Error(`the holder exited (${code}): ${output}`)));
  });
  holders.push(pid);
  return pid;
}

afterEach(() => {
  for (const pid of holders.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  for (const child of children.splice(0)) child.kill();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("one process per embedded data folder", () => {
  it("refuses a folder that another running process holds, naming it, and opens it once that process has stopped", async () => {
    const dir = dataDir();
    const holder = await holdElsewhere(dir);
    await expect(startEmbeddedServer(dir)).rejects.toThrow(`The embedded database in ${dir} is in use by process ${holder}: stop it first (one process per data folder).`);
    const stopped = new Promise((resolve) => children[0]!.once("exit", resolve));
    process.kill(holder, "SIGTERM");
    await stopped;
    const server = await startEmbeddedServer(dir);
    await server.stop();
  }, 120_000);

  it("opens a folder whose holder was killed and not yet reaped (a zombie, which still answers kill(pid, 0))", async () => {
    const dir = dataDir();
    const holder = await holdElsewhere(dir, { unreaped: true });
    process.kill(holder, "SIGKILL");
    await becameZombie(holder);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(holder));
    const server = await startEmbeddedServer(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    await server.stop();
  }, 120_000);

  it("waits for a holder that is killed as it starts, and opens the folder once that holder has exited", async () => {
    const dir = dataDir();
    const holder = await holdElsewhere(dir);
    // Its first try, refused, is made before this returns; the holder is killed after it.
    const starting = startEmbeddedServer(dir);
    process.kill(holder, "SIGKILL");
    const server = await starting;
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    await server.stop();
  }, 120_000);

  it("opens a folder whose lock file names a running process that does not hold it (its pid reused after a reboot)", async () => {
    const dir = dataDir();
    // Process 1 is always running.
    writeFileSync(`${dir}.lock`, "1");
    const server = await startEmbeddedServer(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    await server.stop();
  }, 120_000);

  it("takes over the lock of a process that died, and gives it up when it stops", async () => {
    const dir = dataDir();
    const gone = spawnSync("true").pid;
    writeFileSync(`${dir}.lock`, String(gone));
    const server = await startEmbeddedServer(dir);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    await server.stop();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  }, 120_000);
});

describe("a first start on an empty data folder", () => {
  const template = path.join(root, "build", "embedded");

  async function systemIdentifier(server: EmbeddedServer): Promise<string> {
    const client = new pg.Client({ stream: () => server.connect(), user: "postgres", database: "postgres" });
    await client.connect();
    try {
      return (await client.query("select system_identifier::text as id from pg_control_system()")).rows[0].id;
    } finally {
      await client.end();
    }
  }

  it("copies the build's empty database rather than running initdb, and leaves no copy beside it", async () => {
    expect(existsSync(path.join(template, "database-template.json")), "run `npx react-router build` first").toBe(true);
    const identifiers: string[] = [];
    for (const dir of [dataDir(), dataDir()]) {
      const server = await startEmbeddedServer(dir, template);
      identifiers.push(await systemIdentifier(server));
      await server.stop();
      expect(existsSync(`${dir}.from-template`)).toBe(false);
    }
    // initdb gives every cluster an identifier of its own; copies share the template's.
    expect(identifiers[0]).toBe(identifiers[1]);
    const again = await startEmbeddedServer(dataDir(), path.join(os.tmpdir(), "no-such-template"));
    expect(await systemIdentifier(again)).not.toBe(identifiers[0]);
    await again.stop();
  }, 120_000);

  it("ignores a template another PGlite version made, and replaces a half copy a killed start left", async () => {
    const stale = mkdtempSync(path.join(os.tmpdir(), "khulasa-template-"));
    folders.push(stale);
    writeFileSync(path.join(stale, "database-template.json"), JSON.stringify({ pglite: "0.0.1" }));
    const fromTemplate = await startEmbeddedServer(dataDir(), template);
    const templateId = await systemIdentifier(fromTemplate);
    await fromTemplate.stop();

    const staleStart = await startEmbeddedServer(dataDir(), stale);
    expect(await systemIdentifier(staleStart)).not.toBe(templateId);
    await staleStart.stop();

    const dir = dataDir();
    mkdirSync(`${dir}.from-template/base`, { recursive: true });
    const afterKilledCopy = await startEmbeddedServer(dir, template);
    expect(await systemIdentifier(afterKilledCopy)).toBe(templateId);
    await afterKilledCopy.stop();
    expect(existsSync(`${dir}.from-template`)).toBe(false);
  }, 120_000);
});

describe("connections to the embedded database", () => {
  const count = "select count(*)::int as n from kept where n > $1";

  it("roll back what a client left open when it ends, and keep prepared statements for the next", async () => {
    const server = await startEmbeddedServer("memory");
    const client = (): pg.Client => new pg.Client({ stream: () => server.connect(), user: "postgres", database: "postgres" });
    try {
      const first = client();
      await first.connect();
      await first.query("create table kept (n int)");
      await first.query({ name: "count_kept", text: count, values: [0] });
      await first.query("begin");
      await first.query("insert into kept values (1)");
      await first.end();

      const second = client();
      await second.connect();
      expect((await second.query({ name: "count_kept", text: count, values: [0] })).rows).toEqual([{ n: 0 }]);
      expect((await second.query("select count(*)::int as n from pg_prepared_statements where name = 'count_kept'")).rows).toEqual([{ n: 1 }]);
      await second.end();
    } finally {
      await server.stop();
    }
  });

  it("share the session in turns: a client that is connected but idle does not hold the others up", async () => {
    const server = await startEmbeddedServer("memory");
    const connect = () => new pg.Client({ stream: () => server.connect(), user: "postgres", database: "postgres" });
    const [first, second, third] = [connect(), connect(), connect()];
    try {
      await first.connect();
      await second.connect();
      await third.connect();
      await first.query("create table kept (n int)");
      await second.query("insert into kept values (1), (2)");
      // The same statement prepared by both, by name: the second's is the first's.
      expect((await first.query({ name: "count_kept", text: count, values: [0] })).rows).toEqual([{ n: 2 }]);
      expect((await second.query({ name: "count_kept", text: count, values: [1] })).rows).toEqual([{ n: 1 }]);
      // A name already prepared for another text is refused, as on one connection, not run as the other text.
      await expect(third.query({ name: "count_kept", text: "select 1 as n where $1::int > 0", values: [1] })).rejects.toThrow(/already exists/);
      expect((await first.query({ name: "count_kept", text: count, values: [0] })).rows).toEqual([{ n: 2 }]);
    } finally {
      await Promise.all([first.end(), second.end(), third.end()]);
      await server.stop();
    }
  });

  /** Two connected clients, the first inside a transaction that has put a row into `kept`; `streams` collects their connections. */
  async function oneInATransaction(server: EmbeddedServer, streams: Duplex[] = []): Promise<[pg.Client, pg.Client]> {
    const connect = () => new pg.Client({ stream: () => streams[streams.push(server.connect()) - 1]!, user: "postgres", database: "postgres" });
    const [first, second] = [connect(), connect()];
    await first.connect();
    await second.connect();
    await first.query("create table kept (n int)");
    await first.query("begin");
    await first.query("insert into kept values (1)");
    return [first, second];
  }

  it("let a transaction hold the session: another client's statements wait for its end, and never run inside it", async () => {
    const server = await startEmbeddedServer("memory");
    const [first, second] = await oneInATransaction(server);
    try {
      let seen: number | undefined;
      const waiting = second.query("select count(*)::int as n from kept").then(({ rows }) => (seen = rows[0].n));
      expect((await first.query("insert into kept values (2) returning n")).rows).toEqual([{ n: 2 }]);
      expect(seen).toBeUndefined();
      // Run inside the first client's transaction, the count would have seen its rows.
      await first.query("rollback");
      await waiting;
      expect(seen).toBe(0);
    } finally {
      await Promise.all([first.end(), second.end()]);
      await server.stop();
    }
  });

  it("roll back the transaction of a client whose connection breaks, and let the others go on", async () => {
    const server = await startEmbeddedServer("memory");
    const streams: Duplex[] = [];
    const [first, second] = await oneInATransaction(server, streams);
    first.on("error", () => undefined);
    try {
      const waiting = second.query("select count(*)::int as n from kept");
      streams[0]!.destroy();
      expect((await waiting).rows).toEqual([{ n: 0 }]);
    } finally {
      await second.end();
      await server.stop();
    }
  });
});
