import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { MediaStorage } from "../storage";
import { AppError } from "../errors";
import type { Actor } from "./actor";
import { prepareMedia, removeMedia, saveMedia, storeMedia } from "./media";

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
    await expect(storeMedia(storage, null, file, "content")).rejects.toMatchObject({ status: 401, key: "loginRequiredAdmin" });
    await expect(storeMedia(storage, person("user"), file, "content")).rejects.toMatchObject({ status: 403, key: "adminRequired" });
    expect(files.size).toBe(0);
    const stored = await storeMedia(storage, person("admin"), file, "content");
    expect([...files.keys()]).toEqual([stored.url.slice("/uploads/".length)]);
  });
});

describe("prepareMedia, saveMedia and removeMedia", () => {
  it("prepare writes nothing; save writes the image and its smaller widths; remove takes them all away", async () => {
    const { storage, files } = memoryStorage();
    const prepared = await prepareMedia({ name: "wide.jpg", bytes: await jpeg(1200) }, "banner");
    expect(files.size).toBe(0);
    expect(prepared.files.length).toBeGreaterThan(1);
    const stored = await saveMedia(storage, prepared);
    expect(stored).toMatchObject({ mediaType: "image", width: 1200, height: 600 });
    expect(new Set(files.keys())).toEqual(new Set(prepared.files.map((file) => file.name)));
    await removeMedia(storage, prepared);
    expect(files.size).toBe(0);
  });

  it("a save that fails half-way leaves no file behind", async () => {
    const { storage, files } = memoryStorage(1);
    const prepared = await prepareMedia({ name: "wide.jpg", bytes: await jpeg(1200) }, "banner");
    await expect(saveMedia(storage, prepared)).rejects.toThrow("disk full");
    expect(files.size).toBe(0);
  });

  it("refuses a file that is not what its name says before anything is written", async () => {
    const text = new TextEncoder().encode("not an image at all");
    const refusal = prepareMedia({ name: "photo.jpg", bytes: text }, "banner");
    await expect(refusal).rejects.toBeInstanceOf(AppError);
    await expect(refusal).rejects.toMatchObject({ status: 415, key: "bannerType" });
  });
});
