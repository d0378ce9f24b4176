/**
 * `npm run media:variants`: uploads stored before variants existed get them, in the local folder and
 * in a bucket; a run killed half-way and run again finishes the work without making any file twice,
 * and leaves no file that does not decode.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, mkdir, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestS3, startS3 } from "../support/s3-server.mjs";
import { TEST_ADMIN } from "../support/server";

const root = path.resolve(import.meta.dirname, "../..");
const UPLOADS = 10;
/** lib/responsive-images.ts: 240, 480, 960 and the widest, 1440, for pictures wider than that; two formats each. */
const WIDTHS = [240, 480, 960, 1440];

function variants(env: Record<string, string>): { child: ChildProcess; lines: string[]; exit: Promise<{ code: number | null; signal: string | null; stderr: string }> } {
  const child = spawn(process.execPath, ["scripts/media-variants.js"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: "", ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password, DEMO_CONTENT: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let partial = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const complete = text.split("\n");
    partial = complete.pop()!;
    lines.push(...complete);
  });
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const exit = new Promise<{ code: number | null; signal: string | null; stderr: string }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal, stderr })));
  return { child, lines, exit };
}

/** The run's closing line (the server's own log lines may come after it). */
const doneLine = (lines: string[]) => lines.find((line) => line.startsWith("Done: "));

/** The variant names each progress line says it made. */
const madeIn = (lines: string[]) => lines.flatMap((line) => line.match(/: made (.+?)(?: \(|$)/)?.[1]?.split(" ") ?? []);

/** Old uploads: one JPEG and one PNG wider than the widest variant, the rest JPEGs of 1,600 px, with their old JPEG widths. */
async function oldUploads(): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (let i = 0; i < UPLOADS; i++) {
    const png = i % 5 === 0;
    const image = sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 20 * i, g: 80, b: 160 } } }).composite([
      { input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><circle cx="${100 * i + 200}" cy="450" r="300" fill="#e67e22"/></svg>`) },
    ]);
    const name = `old${i}a1b2c3d4e5f6.${png ? "png" : "jpg"}`;
    files.set(name, await (png ? image.png() : image.jpeg()).toBuffer());
    files.set(name.replace(/\.(jpg|png)$/, "-480w.$1"), await sharp(files.get(name)!).resize({ width: 480 }).toBuffer());
  }
  return files;
}

const expectedVariants = (names: Iterable<string>) =>
  [...names].filter((name) => !/-\d+w\./.test(name)).flatMap((name) => WIDTHS.flatMap((w) => ["avif", "webp"].map((format) => name.replace(/\.(jpg|png)$/, `-${w}w.${format}`))));

/** Every variant decodes at its width. */
async function expectWhole(read: (name: string) => Promise<Buffer>, names: string[]) {
  for (const name of names) {
    const metadata = await sharp(await read(name)).metadata();
    expect(metadata.width, name).toBe(Number(name.match(/-(\d+)w\./)![1]));
  }
}

describe("npm run media:variants", () => {
  let dataDir: string;
  let files: Map<string, Buffer>;

  beforeAll(async () => {
    files = await oldUploads();
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("killed half-way in the local folder, run again, makes every variant once and whole", async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "khulasa-variants-"));
    const uploads = path.join(dataDir, "uploads");
    await mkdir(uploads);
    for (const [name, bytes] of files) await writeFile(path.join(uploads, name), bytes);

    const first = variants({ DATA_DIR: dataDir });
    // Killed once a few uploads are done, while others are being encoded.
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (first.lines.filter((line) => line.includes(": made ")).length >= 3) {
          clearInterval(timer);
          first.child.kill("SIGKILL");
          resolve();
        }
      }, 20);
      first.exit.then(() => {
        clearInterval(timer);
        reject(new Error(`the run ended before it could be killed: ${first.lines.join("\n")}`));
      });
    });
    const killed = await first.exit;
    expect(killed.signal).toBe("SIGKILL");
    const afterKill = new Map<string, { ino: number; mtimeMs: number }>();
    for (const name of await readdir(uploads)) if (/\.(avif|webp)$/.test(name)) afterKill.set(name, await stat(path.join(uploads, name)));
    expect(afterKill.size).toBeGreaterThan(0);
    expect(afterKill.size).toBeLessThan(expectedVariants(files.keys()).length);

    const second = variants({ DATA_DIR: dataDir });
    const finished = await second.exit;
    expect(finished.stderr).toBe("");
    expect(finished.code).toBe(0);

    const present = (await readdir(uploads)).filter((name) => /\.(avif|webp)$/.test(name)).sort();
    expect(present).toEqual(expectedVariants(files.keys()).sort());
    // Nothing made twice: no name in both runs' lists, and the files the first run left untouched.
    const firstMade = new Set(madeIn(first.lines));
    expect(madeIn(second.lines).filter((name) => firstMade.has(name))).toEqual([]);
    for (const [name, before] of afterKill) {
      const after = await stat(path.join(uploads, name));
      expect({ name, ino: after.ino, mtimeMs: after.mtimeMs }).toEqual({ name, ino: before.ino, mtimeMs: before.mtimeMs });
    }
    await expectWhole((name) => readFile(path.join(uploads, name)), present);
    expect(doneLine(second.lines)).toMatch(/^Done: \d+ uploads given their variants, \d+ had them already, 10 in all\.$/);

    const third = variants({ DATA_DIR: dataDir });
    expect((await third.exit).code).toBe(0);
    expect(doneLine(third.lines)).toBe("Done: 0 uploads given their variants, 10 had them already, 10 in all.");
  }, 300_000);

  describe("in a bucket", () => {
    let s3: TestS3;
    let bucketData: string;
    beforeAll(async () => {
      s3 = await startS3();
      bucketData = await mkdtemp(path.join(os.tmpdir(), "khulasa-variants-s3-"));
      for (const [name, bytes] of files) await fetch(`${s3.publicUrl}/${name}`, { method: "PUT", body: new Uint8Array(bytes) });
    });
    afterAll(async () => {
      await s3?.stop();
      if (bucketData) await rm(bucketData, { recursive: true, force: true });
    });

    it("makes them there, with their types, and a second run makes none", async () => {
      const run = variants({ DATA_DIR: bucketData, ...s3.env });
      const finished = await run.exit;
      expect(finished.stderr).toBe("");
      expect(finished.code).toBe(0);
      expect(doneLine(run.lines)).toBe("Done: 10 uploads given their variants, 0 had them already, 10 in all.");
      const expected = expectedVariants(files.keys());
      expect(madeIn(run.lines).sort()).toEqual([...expected].sort());
      for (const name of expected.slice(0, 4)) {
        const response = await fetch(`${s3.publicUrl}/${name}`);
        expect(response.headers.get("content-type")).toBe(name.endsWith(".avif") ? "image/avif" : "image/webp");
      }
      await expectWhole(async (name) => Buffer.from(await (await fetch(`${s3.publicUrl}/${name}`)).arrayBuffer()), expected);

      const again = variants({ DATA_DIR: bucketData, ...s3.env });
      expect((await again.exit).code).toBe(0);
      expect(doneLine(again.lines)).toBe("Done: 0 uploads given their variants, 10 had them already, 10 in all.");
    }, 300_000);
  });
});
