/** Helpers for the SEO tests: an uploaded banner, and the tags of a page's <head> as a crawler reads them. */
import sharp from "sharp";
import { asAdmin, call } from "./client";

/** Uploads a real JPEG, as the editor does for an image in the body, and returns its address. */
export async function uploadImage(width = 640, height = 360): Promise<string> {
  const form = new FormData();
  form.append("media", await jpeg(width, height), "figure.jpg");
  const res = await call("/api/upload", { method: "POST", token: await asAdmin(), form });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.url;
}

async function jpeg(width: number, height: number): Promise<Blob> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: "#884422" } }).jpeg().toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });
}

/** Creates an article through the multipart form of POST /api/news, with an uploaded banner. */
export async function createArticleWithBanner(fields: Record<string, string>, banner = { width: 800, height: 450 }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("banner", await jpeg(banner.width, banner.height), "banner.jpg");
  const res = await call("/api/news", { method: "POST", token: await asAdmin(), form });
  if (res.status !== 201) throw new Error(`article: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, any> & { id: number; slug: string; title: string; image_url: string; published_at: string; updated_at: string };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function attributesOf(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const [, name = "", value = ""] of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) attrs[name.toLowerCase()] = decodeEntities(value);
  return attrs;
}

export interface Head {
  title: string | undefined;
  metas: Record<string, string>[];
  links: Record<string, string>[];
  jsonLd: unknown[];
  /** The content of the first <meta> whose name or property is `key`. */
  meta(key: string): string | undefined;
  /** Every <link rel="alternate"> with an hreflang, as hreflang → href. */
  hreflang(): Record<string, string>;
}

export function readHead(html: string): Head {
  const head = html.slice(0, html.indexOf("</head>"));
  const metas = [...head.matchAll(/<meta\s[^>]*>/g)].map((m) => attributesOf(m[0]));
  const links = [...head.matchAll(/<link\s[^>]*>/g)].map((m) => attributesOf(m[0]));
  // A data block ends at the first "</script": if stored text could close it early, parsing fails.
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? ""));
  const title = /<title>([\s\S]*?)<\/title>/.exec(head)?.[1];
  return {
    title: title === undefined ? undefined : decodeEntities(title),
    metas,
    links,
    jsonLd,
    meta: (key) => metas.find((m) => m.name === key || m.property === key)?.content,
    hreflang: () => Object.fromEntries(links.filter((l) => l.rel === "alternate" && l.hreflang).map((l) => [l.hreflang, l.href])),
  };
}

export async function fetchHead(path: string): Promise<Head & { status: number; html: string }> {
  const res = await call<string>(path);
  return { status: res.status, html: res.body, ...readHead(res.body) };
}
