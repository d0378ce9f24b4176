import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
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
