import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BackupError } from "./errors";
import { contentTypeOf } from "../storage/media-names";
import { type Manifest, newManifest, readManifest, sha256, verifyFiles } from "./manifest";

const DUMP = "database/postgres.dump";

function manifestOf(files: Manifest["files"]): Manifest {
  return newManifest({
    app: { name: "khulasa", version: null },
    database: { kind: "postgres", server_version: "15.18", file: DUMP, migrations: { count: 18, latest: "0017_shared_rate_limits" } },
    media: { store: "local", count: files.length - 1, bytes: 0 },
    files,
  });
}

describe("backup manifest", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "khulasa-manifest-"));
    await mkdir(path.join(dir, "database"));
    await mkdir(path.join(dir, "media"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function put(file: string, text: string) {
    await writeFile(path.join(dir, file), text);
    return { path: file, size: Buffer.byteLength(text), sha256: sha256(new TextEncoder().encode(text)) };
  }

  it("reads back what was written, and passes files that match", async () => {
    const manifest = manifestOf([await put(DUMP, "PGDMP…"), await put("media/abc.jpg", "jpeg bytes")]);
    await writeFile(path.join(dir, "manifest.json"), JSON.stringify(manifest));
    expect(await readManifest(dir)).toEqual(manifest);
    await expect(verifyFiles(dir, manifest)).resolves.toBeUndefined();
  });

  it("names every file that changed or went missing", async () => {
    const dump = await put(DUMP, "PGDMP…");
    const changed = await put("media/abc.jpg", "jpeg bytes");
    const gone = await put("media/def.png", "png bytes");
    await writeFile(path.join(dir, "media/abc.jpg"), "jpeg bytez");
    await rm(path.join(dir, "media/def.png"));
    const error = await verifyFiles(dir, manifestOf([dump, changed, gone])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toBe(`Checksum mismatch in ${dir}: media/abc.jpg does not match the manifest; media/def.png is missing. Nothing was restored.`);
  });

  it("refuses a manifest that names files outside the backup, or lacks the database", async () => {
    const dump = await put(DUMP, "PGDMP…");
    for (const files of [
      [dump, { ...dump, path: "media/../../etc/passwd" }],
      [dump, { ...dump, path: "/etc/passwd" }],
      [dump, { ...dump, path: "database/../../x" }],
      [{ ...dump, path: "media/abc.jpg" }],
    ]) {
      await writeFile(path.join(dir, "manifest.json"), JSON.stringify(manifestOf(files)));
      await expect(readManifest(dir), JSON.stringify(files)).rejects.toThrow(/is damaged: its list of files is incomplete or names files outside the backup/);
    }
  });

  it("says when there is no manifest, or not ours", async () => {
    await expect(readManifest(dir)).rejects.toThrow(`${dir} has no manifest.json: it is not a backup, or one that did not finish.`);
    await writeFile(path.join(dir, "manifest.json"), JSON.stringify({ format: "something-else" }));
    await expect(readManifest(dir)).rejects.toThrow(/is not the manifest of a khulasa backup/);
  });

  it("restores media with the type they are served with", () => {
    expect(["a.jpg", "a.JPEG", "a.png", "a.mp4", "a.bin"].map(contentTypeOf)).toEqual(["image/jpeg", "image/jpeg", "image/png", "video/mp4", "application/octet-stream"]);
  });
});
