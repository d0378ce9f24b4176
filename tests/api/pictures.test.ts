/**
 * Pictures on reader pages (issue 41): every upload of an accepted image type gets AVIF and WebP
 * variants, and a page's `<picture>` names exactly those that exist, each fetchable at the width it
 * claims; an upload without variants (one stored before them) still shows its original alone.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { asAdmin, baseUrl, call } from "./client";
import { createArticle, createWriter } from "./fixtures";

const bytes = (buffer: Buffer) => new Uint8Array(buffer);

async function upload(data: Uint8Array, name: string, type: string, purpose?: string) {
  const form = new FormData();
  form.append("media", new Blob([data as Uint8Array<ArrayBuffer>], { type }), name);
  if (purpose) form.append("purpose", purpose);
  const res = await call("/api/upload", { method: "POST", token: await asAdmin(), form });
  expect(res.status).toBe(201);
  return res.body as { url: string; width: number; height: number };
}

const picture = (width: number, type: "jpeg" | "png") => {
  const image = sharp({ create: { width, height: Math.round(width / 2), channels: 3, background: "#2a6" } });
  return (type === "jpeg" ? image.jpeg() : image.png()).toBuffer().then(bytes);
};

/** The `<picture>` around the image whose src ends with `path`, as its sources' type and srcset, and the image's src. */
function pictureOf(html: string, path: string): { sources: { type: string; srcset: string; sizes: string | undefined }[]; src: string } | null {
  const stem = path.replace(/\.(jpg|png)$/, "");
  const pictures = [...html.matchAll(/<picture\b[^>]*>(.*?)<\/picture>/gs)].map((match) => match[1]!);
  const found = pictures.find((inner) => inner.includes(`src="${path}"`));
  if (!found) return null;
  const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
  const sources = [...found.matchAll(/<source\b[^>]*>/g)].map(([tag]) => ({ type: attribute(tag, "type")!, srcset: attribute(tag, "srcSet") ?? attribute(tag, "srcset")!, sizes: attribute(tag, "sizes") }));
  for (const source of sources) expect(source.srcset).toContain(stem);
  return { sources, src: attribute(found.match(/<img\b[^>]*>/)![0], "src")! };
}

/** Every candidate of a srcset is served with its format and decodes at the width it is listed at. */
async function expectServed(srcset: string, format: "avif" | "webp") {
  const widths: number[] = [];
  for (const candidate of srcset.split(", ")) {
    const [url, descriptor] = candidate.split(" ");
    const response = await fetch(baseUrl() + url);
    expect(response.status, url).toBe(200);
    expect(response.headers.get("content-type"), url).toBe(`image/${format}`);
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(metadata.width, url).toBe(Number(descriptor!.slice(0, -1)));
    widths.push(metadata.width!);
  }
  return widths;
}

describe("pictures", () => {
  it("every accepted image type gets AVIF and WebP variants up to its own width, never wider", async () => {
    for (const [name, type, width, widths] of [
      ["wide.jpg", "jpeg", 2000, [240, 480, 960, 1440]],
      ["chart.png", "png", 700, [240, 480, 700]],
    ] as const) {
      const stored = await upload(await picture(width, type), name, `image/${type}`);
      const stem = stored.url.replace(/\.(jpg|png)$/, "");
      for (const format of ["avif", "webp"] as const) {
        const served = await expectServed(widths.map((w) => `${stem}-${w}w.${format} ${w}w`).join(", "), format);
        expect(served).toEqual(widths);
        // None wider than the widest listed.
        expect((await fetch(`${baseUrl()}${stem}-${widths.at(-1)! + 1}w.${format}`)).status).toBe(404);
      }
    }
  });

  it("the article page and the home page offer exactly the variants that exist, with the image's sizes", async () => {
    const banner = await upload(await picture(1600, "jpeg"), "banner.jpg", "image/jpeg", "banner");
    const writer = await createWriter();
    const article = await createArticle({ writer_id: writer.id, banner_url: banner.url, title: `Pictures for phones ${Date.now()}` });

    for (const path of [`/article/${article.slug}`, "/"]) {
      const html = await (await fetch(baseUrl() + path)).text();
      const found = pictureOf(html, banner.url);
      expect(found, path).not.toBeNull();
      expect(found!.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
      for (const source of found!.sources) {
        expect(source.sizes, path).toBeTruthy();
        expect(await expectServed(source.srcset, source.type === "image/avif" ? "avif" : "webp")).toEqual([240, 480, 960, 1440]);
      }
    }
  });

  it("an image in a story's body is offered with its variants, and the API names them by upload path", async () => {
    const inBody = await upload(await picture(1000, "png"), "figure.png", "image/png");
    const legacy = "/uploads/legacy9f8e7d6c.png";
    const writer = await createWriter();
    const article = await createArticle({
      writer_id: writer.id,
      title: `A figure in the text ${Date.now()}`,
      content: `<p>The ledger:</p><p><img src="${inBody.url}" alt="The ledger's page" width="${inBody.width}" height="${inBody.height}"></p><p><img src="${legacy}" alt="An old scan"></p>`,
    });

    const html = await (await fetch(`${baseUrl()}/article/${article.slug}`)).text();
    const found = pictureOf(html, inBody.url);
    expect(found).not.toBeNull();
    expect(found!.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    for (const source of found!.sources) {
      expect(source.sizes).toContain("768px");
      expect(await expectServed(source.srcset, source.type === "image/avif" ? "avif" : "webp")).toEqual([240, 480, 960, 1000]);
    }
    // An upload without variants stays a plain image.
    expect(pictureOf(html, legacy)).toBeNull();
    expect(html).toMatch(new RegExp(`<img\\b[^>]*src="${legacy}"`));

    const api = await call(`/api/news/${article.slug}`);
    expect(api.body.content_image_variants).toEqual({ [inBody.url]: [240, 480, 960, 1000] });
  });

  it("an upload without variants still shows its original, with no source that would not load", async () => {
    const writer = await createWriter();
    const legacy = "/uploads/legacy0a1b2c3d.jpg";
    const article = await createArticle({ writer_id: writer.id, banner_url: legacy, title: `An old picture ${Date.now()}` });
    const html = await (await fetch(`${baseUrl()}/article/${article.slug}`)).text();
    expect(pictureOf(html, legacy)).toBeNull();
    expect(html).toMatch(new RegExp(`<img\\b[^>]*src="${legacy}"`));
  });

  it("the placeholder, for a story without a picture, comes in AVIF and WebP too", async () => {
    const writer = await createWriter();
    await createArticle({ writer_id: writer.id, title: `No picture at all ${Date.now()}` });
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const found = pictureOf(html, "/placeholder.jpg");
    expect(found).not.toBeNull();
    expect(found!.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    for (const source of found!.sources) await expectServed(source.srcset, source.type === "image/avif" ? "avif" : "webp");
  });
});
