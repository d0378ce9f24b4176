import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { startEmbeddedServer } from "./embedded-server";

const folders: string[] = [];
const children: ChildProcess[] = [];

function dataDir(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "khulasa-lock-"));
  folders.push(folder);
  return path.join(folder, "db");
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("one process per embedded data folder", () => {
  it("refuses a folder that another running process holds, naming it", async () => {
    const dir = dataDir();
    const other = spawn("sleep", ["30"]);
    children.push(other);
    writeFileSync(`${dir}.lock`, String(other.pid));
    await expect(startEmbeddedServer(dir)).rejects.toThrow(`in use by process ${other.pid}`);
  });

  it("takes over the lock of a process that died, and gives it up when it stops", async () => {
    const dir = dataDir();
    const gone = spawnSync("true").pid;
    writeFileSync(`${dir}.lock`, String(gone));
    const server = await startEmbeddedServer(dir);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    await server.stop();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});

describe("connections to the embedded database", () => {
  it("start from a clean session: what a client left open is rolled back, its prepared statements dropped", async () => {
    const server = await startEmbeddedServer("memory");
    const client = (): pg.Client => new pg.Client({ stream: () => server.connect(), user: "postgres", database: "postgres" });
    try {
      const first = client();
      await first.connect();
      await first.query("create table kept (n int)");
      await first.query({ name: "count_kept", text: "select count(*)::int as n from kept where n > $1", values: [0] });
      await first.query("begin");
      await first.query("insert into kept values (1)");
      await first.end();

      const second = client();
      await second.connect();
      const { rows } = await second.query({ name: "count_kept", text: "select count(*)::int as n from kept where n > $1", values: [0] });
      expect(rows).toEqual([{ n: 0 }]);
      await second.end();
    } finally {
      await server.stop();
    }
  });

  it("serve one client at a time: a second connection waits for the first to end, then starts clean", async () => {
    const server = await startEmbeddedServer("memory");
    const connect = () => new pg.Client({ stream: () => server.connect(), user: "postgres", database: "postgres" });
    const first = connect();
    const second = connect();
    try {
      await first.connect();
      await first.query("create table waited (n int)");
      await first.query("begin");
      await first.query("insert into waited values (1)");
      const secondConnected = second.connect();
      // The first client's transaction is still its own: the second has not been let in.
      expect((await first.query("select count(*)::int as n from waited")).rows).toEqual([{ n: 1 }]);
      await first.end();
      await secondConnected;
      expect((await second.query("select count(*)::int as n from waited")).rows).toEqual([{ n: 0 }]);
    } finally {
      await second.end();
      await server.stop();
    }
  });
});

