import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/connection";
import type { MediaStorage } from "../storage";
import { AppError } from "../errors";
import type { Actor } from "./actor";
import { prepareMedia, removeMedia, saveMedia, storeMedia } from "./media";
import { modernVariantWidths } from "./media-variants";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory" });
});
afterAll(async () => {
  await handle?.close();
});

/** A storage that keeps files in a map, and can be told to fail after some writes. */
function memoryStorage(failAfter = Number.POSITIVE_INFINITY) {
  const files = new Map<string, Uint8Array>();
  const storage: MediaStorage = {
    async save(name, data) {
      if (files.size >= failAfter) throw new Error("disk full");
      files.set(name, data);
      return `/uploads/${name}`;
    },
    async remove(name) {
      files.delete(name);
    },
    async *list() {
      yield* files.keys();
    },
    async read(name) {
      return files.get(name) ?? null;
    },
    async check() {},
  };
  return { storage, files };
}

const jpeg = async (width: number) =>
  new Uint8Array(await sharp({ create: { width, height: Math.round(width / 2), channels: 3, background: "#2c3e50" } }).jpeg().toBuffer());

const person = (role: Actor["role"]): Actor => ({ id: 7, name: "Someone", email: "someone@test.example", role });

describe("storeMedia", () => {
  it("refuses anyone but an admin, and stores nothing for them", async () => {
    const { storage, files } = memoryStorage();
    const file = { name: "photo.jpg", bytes: await jpeg(100) };
    await expect(storeMedia(storage, handle.db, null, file, "content")).rejects.toMatchObject({ status: 401, key: "loginRequiredAdmin" });
    await expect(storeMedia(storage, handle.db, person("user"), file, "content")).rejects.toMatchObject({ status: 403, key: "adminRequired" });
    expect(files.size).toBe(0);
    const stored = await storeMedia(storage, handle.db, person("admin"), file, "content");
    const stem = stored.url.slice("/uploads/".length, -".jpg".length);
    expect([...files.keys()].sort()).toEqual([`${stem}-100w.avif`, `${stem}-100w.webp`, `${stem}.jpg`]);
  });
});

describe("prepareMedia, saveMedia and removeMedia", () => {
  it("prepare writes nothing; save writes the image and its smaller widths; remove takes them all away", async () => {
    const { storage, files } = memoryStorage();
    const prepared = await prepareMedia({ name: "wide.jpg", bytes: await jpeg(1200) }, "banner");
    expect(files.size).toBe(0);
    expect(prepared.files.length).toBeGreaterThan(1);
    const stored = await saveMedia(storage, handle.db, prepared);
    expect(stored).toMatchObject({ mediaType: "image", width: 1200, height: 600 });
    expect(new Set(files.keys())).toEqual(new Set(prepared.files.map((file) => file.name)));
    await removeMedia(storage, prepared);
    expect(files.size).toBe(0);
  });

  it("a save that fails half-way leaves no file behind", async () => {
    const { storage, files } = memoryStorage(1);
    const prepared = await prepareMedia({ name: "wide.jpg", bytes: await jpeg(1200) }, "banner");
    await expect(saveMedia(storage, handle.db, prepared)).rejects.toThrow("disk full");
    expect(files.size).toBe(0);
  });

  it("refuses a file that is not what its name says before anything is written", async () => {
    const text = new TextEncoder().encode("not an image at all");
    const refusal = prepareMedia({ name: "photo.jpg", bytes: text }, "banner");
    await expect(refusal).rejects.toBeInstanceOf(AppError);
    await expect(refusal).rejects.toMatchObject({ status: 415, key: "bannerType" });
  });
});

describe("AVIF and WebP variants", () => {
  const png = async (width: number) =>
    new Uint8Array(await sharp({ create: { width, height: width / 2, channels: 4, background: "#c0392b80" } }).png().toBuffer());

  it.each([
    ["photo.jpg", jpeg, 2000, [240, 480, 960, 1440]],
    ["chart.png", png, 1200, [240, 480, 960, 1200]],
    ["icon.png", png, 200, [200]],
  ] as const)("an upload of %s gets them at every width up to its own, readable and recorded", async (name, make, width, widths) => {
    const { storage, files } = memoryStorage();
    const stored = await storeMedia(storage, handle.db, person("admin"), { name, bytes: await make(width) }, "content");
    const stem = stored.url.slice("/uploads/".length).replace(/\.(jpg|png)$/, "");
    for (const w of widths) {
      for (const format of ["avif", "webp"] as const) {
        const data = files.get(`${stem}-${w}w.${format}`);
        expect(data, `${w}w.${format}`).toBeDefined();
        const metadata = await sharp(data!).metadata();
        expect(metadata.width).toBe(w);
        expect(metadata.format).toBe(format === "avif" ? "heif" : "webp");
      }
    }
    expect([...files.keys()].filter((file) => /\.(avif|webp)$/.test(file))).toHaveLength(widths.length * 2);
    expect((await modernVariantWidths(handle.db, [stored.url])).get(stored.url)).toEqual(widths);
  });

  it("a video gets none", async () => {
    const { storage, files } = memoryStorage();
    const mp4 = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0, 0, 0, 0, 0x6d, 0x70, 0x34, 0x32, 0x69, 0x73, 0x6f, 0x6d]);
    const stored = await storeMedia(storage, handle.db, person("admin"), { name: "clip.mp4", bytes: mp4 }, "content");
    expect([...files.keys()]).toEqual([stored.url.slice("/uploads/".length)]);
    expect((await modernVariantWidths(handle.db, [stored.url])).size).toBe(0);
  });

  it("a save that fails records no variants", async () => {
    const { storage } = memoryStorage(3);
    const prepared = await prepareMedia({ name: "wide.jpg", bytes: await jpeg(1200) }, "banner");
    await expect(saveMedia(storage, handle.db, prepared)).rejects.toThrow("disk full");
    expect((await modernVariantWidths(handle.db, [prepared.media.url])).size).toBe(0);
  });
});
