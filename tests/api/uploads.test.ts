/** Media uploads (docs/product.md#validation-rules, docs/product.md#privacy): type checks by extension and magic bytes, EXIF stripped, size limit. */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMessage } from "~/lib/format-message";
import { en } from "~/lib/messages";
import { type RunningServer, TEST_ADMIN, startServer } from "../support/server";
import { asAdmin, baseUrl, call } from "./client";
import { createWriter } from "./fixtures";

const bytes = (buffer: Uint8Array) => new Uint8Array(buffer);

/** A JPEG carrying a camera make and a GPS position (IFD3 is the GPS directory in libvips' naming). */
async function jpegWithGps(): Promise<Uint8Array<ArrayBuffer>> {
  return bytes(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .jpeg()
      .withExif({ IFD0: { Make: "SpyCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "27/1 42/1 0/1" } })
      .toBuffer(),
  );
}

async function png(): Promise<Uint8Array<ArrayBuffer>> {
  return bytes(await sharp({ create: { width: 20, height: 10, channels: 4, background: "#336699" } }).png().toBuffer());
}

/** A noisy JPEG of about 50 KB or more (noise does not compress). */
async function largeJpeg(): Promise<Uint8Array<ArrayBuffer>> {
  return bytes(
    await sharp({
      create: { width: 240, height: 240, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } },
    })
      .jpeg({ quality: 95 })
      .toBuffer(),
  );
}

/** The smallest MP4 that file-type recognises: an ftyp box (brand mp42) plus padding. */
function mp4(): Uint8Array<ArrayBuffer> {
  const ftyp = Buffer.from("00000018667479706D703432000000006D70343269736F6D", "hex");
  return bytes(Buffer.concat([ftyp, Buffer.alloc(1000)]));
}

/** Does this EXIF block hold a GPS directory pointer (tag 0x8825)? */
function hasGpsPointer(exif: Buffer): boolean {
  const littleEndian = exif.includes(Buffer.from("II*\0", "latin1"));
  return exif.includes(Buffer.from(littleEndian ? [0x25, 0x88] : [0x88, 0x25]));
}

function mediaForm(data: Uint8Array<ArrayBuffer>, name: string, type: string, purpose?: string): FormData {
  const form = new FormData();
  form.append("media", new Blob([data], { type }), name);
  if (purpose) form.append("purpose", purpose);
  return form;
}

async function upload(data: Uint8Array<ArrayBuffer>, name: string, type: string, purpose?: string) {
  return call("/api/upload", { method: "POST", token: await asAdmin(), form: mediaForm(data, name, type, purpose) });
}

describe("POST /api/upload", () => {
  it("refuses a file under another field name, naming it", async () => {
    const form = new FormData();
    form.append("file", new Blob([await png()], { type: "image/png" }), "photo.png");
    const res = await call("/api/upload", { method: "POST", token: await asAdmin(), form });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: formatMessage(en.unknownFileField, { field: "file" }), code: "unknown_file_field" });
  });

  it("re-encodes a JPEG without its EXIF and GPS data, under a server-generated name", async () => {
    const input = await jpegWithGps();
    const before = await sharp(input).metadata();
    expect(before.exif, "the test image must carry EXIF").toBeDefined();
    expect(before.exif?.includes(Buffer.from("SpyCam"))).toBe(true);
    expect(hasGpsPointer(before.exif as Buffer), "the test image must carry GPS").toBe(true);

    const res = await upload(input, "spy-photo-kathmandu.jpg", "image/jpeg");
    expect(res.status).toBe(201);
    const url: string = res.body.url;
    expect(url).toMatch(/^\/uploads\/[a-z0-9]+\.jpg$/);
    expect(url).not.toContain("spy-photo");
    expect(res.body.media_type).toBe("image");

    const served = await fetch(baseUrl() + url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/^image\/jpeg/);
    const output = Buffer.from(await served.arrayBuffer());
    expect(output.includes(Buffer.from("SpyCam"))).toBe(false);
    const after = await sharp(output).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect([after.width, after.height]).toEqual([64, 48]);
  });

  it("strips EXIF from a PNG too", async () => {
    const input = bytes(
      await sharp({ create: { width: 20, height: 10, channels: 4, background: "#336699" } })
        .png()
        .withExif({ IFD0: { Make: "SpyCam" } })
        .toBuffer(),
    );
    expect((await sharp(input).metadata()).exif, "the test image must carry EXIF").toBeDefined();
    const res = await upload(input, "chart.png", "image/png");
    expect(res.status).toBe(201);
    const output = Buffer.from(await (await fetch(baseUrl() + res.body.url)).arrayBuffer());
    expect(output.includes(Buffer.from("SpyCam"))).toBe(false);
    expect((await sharp(output).metadata()).exif).toBeUndefined();
  });

  it("applies the EXIF orientation to the pixels before dropping it", async () => {
    const input = bytes(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: "#123456" } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    );
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const res = await upload(input, "rotated.jpg", "image/jpeg");
    expect(res.status).toBe(201);
    expect([res.body.width, res.body.height]).toEqual([48, 64]);
    const after = await sharp(Buffer.from(await (await fetch(baseUrl() + res.body.url)).arrayBuffer())).metadata();
    expect([after.width, after.height]).toEqual([48, 64]);
    expect(after.orientation).toBeUndefined();
  });

  it("gives two uploads of the same file different names", async () => {
    const input = await jpegWithGps();
    const [a, b] = [await upload(input, "same.jpg", "image/jpeg"), await upload(input, "same.jpg", "image/jpeg")];
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body.url).not.toBe(b.body.url);
  });

  it("stores smaller variants of a large image for srcset, also without metadata", async () => {
    const wide = bytes(
      await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#2a6" } })
        .jpeg()
        .withExif({ IFD0: { Make: "SpyCam" } })
        .toBuffer(),
    );
    const res = await upload(wide, "wide.jpg", "image/jpeg");
    expect(res.status).toBe(201);
    expect(res.body.width).toBe(1200);
    for (const width of [480, 960]) {
      const variant = await fetch(baseUrl() + res.body.url.replace(/\.jpg$/, `-${width}w.jpg`));
      expect(variant.status).toBe(200);
      const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
    }
    // No variant wider than the original.
    expect((await fetch(baseUrl() + res.body.url.replace(/\.jpg$/, "-1600w.jpg"))).status).toBe(404);
  });

  it("accepts a PNG, as content media and as a banner", async () => {
    for (const purpose of [undefined, "banner"]) {
      const res = await upload(await png(), "chart.png", "image/png", purpose);
      expect(res.status, String(purpose)).toBe(201);
      expect(res.body.url).toMatch(/^\/uploads\/[a-z0-9]+\.png$/);
      const served = await fetch(baseUrl() + res.body.url);
      expect(served.status).toBe(200);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.format).toBe("png");
      expect([meta.width, meta.height]).toEqual([20, 10]);
    }
  });

  it("refuses a text file renamed .jpg with 415 and the purpose's message", async () => {
    const text = bytes(Buffer.from("This is not an image, just some text pretending to be one.\n".repeat(20)));
    const content = await upload(text, "photo.jpg", "image/jpeg");
    expect(content.status).toBe(415);
    expect(content.body).toEqual({ error: en.contentMediaType, code: "content_media_type" });
    const banner = await upload(text, "photo.jpg", "image/jpeg", "banner");
    expect(banner.status).toBe(415);
    expect(banner.body).toEqual({ error: en.bannerType, code: "banner_type" });
  });

  it("refuses a real PNG renamed .gif", async () => {
    const res = await upload(await png(), "chart.gif", "image/gif");
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: en.contentMediaType, code: "content_media_type" });
  });

  it("refuses a GIF even when it is named .png", async () => {
    const gif = bytes(await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } }).gif().toBuffer());
    const res = await upload(gif, "chart.png", "image/png");
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: en.contentMediaType, code: "content_media_type" });
  });

  it("accepts an MP4 as content media but not as a banner", async () => {
    const content = await upload(mp4(), "x.mp4", "video/mp4");
    expect(content.status).toBe(201);
    expect(content.body.url).toMatch(/^\/uploads\/[a-z0-9]+\.mp4$/);
    expect(content.body.media_type).toBe("video");
    const served = await fetch(baseUrl() + content.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("video/mp4");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(mp4()))).toBe(true);

    const banner = await upload(mp4(), "x.mp4", "video/mp4", "banner");
    expect(banner.status).toBe(415);
    expect(banner.body).toEqual({ error: en.bannerType, code: "banner_type" });
  });

  it("answers 400 when no file is sent", async () => {
    const form = new FormData();
    form.append("purpose", "banner");
    const res = await call("/api/upload", { method: "POST", token: await asAdmin(), form });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: en.noFile, code: "no_file" });
  });
});

describe("files in the article payload", () => {
  function articleForm(writerId: number, title: string): FormData {
    const form = new FormData();
    form.append("title", title);
    form.append("content", "<p>Body</p>");
    form.append("writer_id", String(writerId));
    form.append("is_published", "true");
    return form;
  }

  async function articlesOf(writerId: number) {
    const res = await call(`/api/news?writer=${writerId}`, { token: await asAdmin() });
    expect(res.status).toBe(200);
    return res.body.total as number;
  }

  it("refuses a banner of the wrong type with 415 and creates nothing", async () => {
    const writer = await createWriter();
    const form = articleForm(writer.id, `Wrong banner ${Date.now()}`);
    form.append("banner", new Blob([mp4()], { type: "video/mp4" }), "banner.mp4");
    const res = await call("/api/news", { method: "POST", token: await asAdmin(), form });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: en.bannerType, code: "banner_type" });

    const disguised = articleForm(writer.id, `Disguised banner ${Date.now()}`);
    disguised.append("banner", new Blob([bytes(Buffer.from("not an image at all"))], { type: "image/jpeg" }), "banner.jpg");
    const res2 = await call("/api/news", { method: "POST", token: await asAdmin(), form: disguised });
    expect(res2.status).toBe(415);
    expect(res2.body).toEqual({ error: en.bannerType, code: "banner_type" });
    expect(await articlesOf(writer.id)).toBe(0);
  });

  it("refuses content media of the wrong type with 415 and creates nothing", async () => {
    const writer = await createWriter();
    const form = articleForm(writer.id, `Wrong media ${Date.now()}`);
    form.append("media[0]", new Blob([await png()], { type: "image/gif" }), "chart.gif");
    const res = await call("/api/news", { method: "POST", token: await asAdmin(), form });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: en.contentMediaType, code: "content_media_type" });
    expect(await articlesOf(writer.id)).toBe(0);
  });

  it("stores a banner and content files sent with the article, stripped of EXIF", async () => {
    const writer = await createWriter();
    const form = articleForm(writer.id, `With files ${Date.now()}`);
    form.append("banner", new Blob([await jpegWithGps()], { type: "image/jpeg" }), "banner.jpg");
    form.append("banner_caption", "Banner");
    form.append("media[0]", new Blob([await png()], { type: "image/png" }), "chart.png");
    form.append("captions[0]", "Chart");
    form.append("media[1]", new Blob([mp4()], { type: "video/mp4" }), "clip.mp4");
    form.append("captions[1]", "Clip");
    const res = await call("/api/news", { method: "POST", token: await asAdmin(), form });
    expect(res.status).toBe(201);
    const media: Record<string, any>[] = res.body.media;
    expect(media.map((m) => [m.position, m.kind, m.media_type, m.caption])).toEqual([
      [0, "banner", "image", "Banner"],
      [1, "content", "image", "Chart"],
      [2, "content", "video", "Clip"],
    ]);
    expect(media[0]).toMatchObject({ width: 64, height: 48 });
    const banner = await fetch(baseUrl() + media[0]?.url);
    expect(banner.status).toBe(200);
    expect((await sharp(Buffer.from(await banner.arrayBuffer())).metadata()).exif).toBeUndefined();
  });
});

describe("upload size limit", () => {
  let small: RunningServer;
  let token: string;

  beforeAll(async () => {
    small = await startServer({ MAX_UPLOAD_MB: "0.01" });
    const login = await fetch(`${small.baseUrl}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
  });

  afterAll(async () => {
    await small?.stop();
  });

  const send = (data: Uint8Array<ArrayBuffer>, name: string, type: string) =>
    fetch(`${small.baseUrl}/api/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: mediaForm(data, name, type),
    });

  it("refuses an image over MAX_UPLOAD_MB with 413", async () => {
    const image = await largeJpeg();
    expect(image.byteLength).toBeGreaterThan(40_000);
    const res = await send(image, "big.jpg", "image/jpeg");
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: en.fileTooLarge, code: "file_too_large" });
  });

  it("refuses a banner over MAX_UPLOAD_MB in the article payload with 413, creating nothing", async () => {
    const auth = { authorization: `Bearer ${token}` };
    const writerRes = await fetch(`${small.baseUrl}/api/writers`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "Big Banner Writer", email: "big-banner@test.example" }),
    });
    expect(writerRes.status).toBe(201);
    const writer = (await writerRes.json()) as { id: number };
    const form = new FormData();
    form.append("title", "Too big a banner");
    form.append("content", "<p>Body</p>");
    form.append("writer_id", String(writer.id));
    form.append("banner", new Blob([await largeJpeg()], { type: "image/jpeg" }), "banner.jpg");
    const res = await fetch(`${small.baseUrl}/api/news`, { method: "POST", headers: auth, body: form });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: en.fileTooLarge, code: "file_too_large" });
    const listed = await fetch(`${small.baseUrl}/api/news?writer=${writer.id}`, { headers: auth });
    expect(((await listed.json()) as { total: number }).total).toBe(0);
  });

  it("still accepts an image under the limit", async () => {
    const image = await png();
    expect(image.byteLength).toBeLessThan(10_000);
    const res = await send(image, "small.png", "image/png");
    expect(res.status).toBe(201);
  });
});
