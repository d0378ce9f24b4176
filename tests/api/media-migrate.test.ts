/**
 * `npm run media:migrate`: an uploads folder copied into a bucket, byte for byte, resumably (a run
 * after an interrupted one copies only what is missing) and idempotently (a second run copies nothing).
 */
import { spawn } from "node:child_process";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestS3, startS3 } from "../support/s3-server.mjs";

const root = path.resolve(import.meta.dirname, "../..");

function migrate(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["scripts/media-migrate.js"], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
}

describe("npm run media:migrate", () => {
  let s3: TestS3;
  let dataDir: string;
  const files = new Map<string, Buffer>();

  beforeAll(async () => {
    s3 = await startS3();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "khulasa-migrate-"));
    await mkdir(path.join(dataDir, "uploads"));
    for (let i = 0; i < 7; i++) {
      const name = `${i}a1b2c3${i}.${i % 3 === 0 ? "png" : "jpg"}`;
      const bytes = Buffer.from(`image ${i} ${"x".repeat(i * 1000)}`);
      files.set(name, bytes);
      await writeFile(path.join(dataDir, "uploads", name), bytes);
    }
    // Not an upload's name: left where it is.
    await writeFile(path.join(dataDir, "uploads", ".DS_Store"), "finder");
  });
  afterAll(async () => {
    await s3?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("says what it needs when the site is not set to use a bucket", async () => {
    const run = await migrate({ DATA_DIR: dataDir, MEDIA_STORAGE: "" });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toEqual([
      "media:migrate copies uploads into a bucket: set MEDIA_STORAGE=s3 and the S3_* settings the server will use (README, Configuration).",
    ]);
  });

  it("copies what the bucket lacks, byte for byte with its type, and nothing twice", async () => {
    // A run that stopped after two files.
    const [first, second] = [...files.keys()];
    for (const name of [first!, second!]) {
      await fetch(`${s3.publicUrl}/${name}`, { method: "PUT", body: new Uint8Array(files.get(name)!) });
    }
    const run = await migrate({ DATA_DIR: dataDir, ...s3.env });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Done: 5 copied, 2 already in the bucket, 7 in the folder.");
    for (const [name, bytes] of files) {
      const stored = await fetch(`${s3.publicUrl}/${name}`);
      expect(Buffer.from(await stored.arrayBuffer())).toEqual(bytes);
      if (name !== first && name !== second) expect(stored.headers.get("content-type")).toBe(name.endsWith(".png") ? "image/png" : "image/jpeg");
    }
    expect((await fetch(`${s3.publicUrl}/.DS_Store`)).status).toBe(404);

    const again = await migrate({ DATA_DIR: dataDir, ...s3.env });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("Done: 0 copied, 7 already in the bucket, 7 in the folder.");
  });

  it("stops with one line when the bucket does not exist", async () => {
    const run = await migrate({ DATA_DIR: dataDir, ...s3.env, S3_BUCKET: "missing" });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([`MEDIA_STORAGE=s3: the bucket "missing" at ${s3.endpoint} does not exist. Create it, or set S3_BUCKET to one that does.`]);
  });
});
