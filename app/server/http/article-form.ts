/**
 * The article create/update payload of docs/product.md#the-api-in-summary, read from the request: multipart fields (tags and
 * related_news_ids as JSON lists, 'true'/'false' flags), a banner (`banner` file or `banner_url`,
 * `banner_caption`) and content media (`media[n]` file or `media_urls[n]`, with `captions[n]`).
 * JSON bodies use the same names, with `media_urls` and `captions` as arrays.
 *
 * It only reads and checks what was sent: the articles service merges it over the stored article,
 * validates it and stores files once the row is locked (services/articles.ts, ArticlePatch).
 */
import { config } from "../platform/config";
import { AppError } from "../errors";
import { isFormBody, readJsonObject } from "./api";
import { fileBytes, readFormData } from "./form-body";
import { type Actor, requireAbility } from "../services/actor";
import type { ArticleMediaChoices, ArticlePatch, MediaChoice } from "../services/article-writes";
import type { MediaPurpose } from "../services/media";
import { UPLOADS_URL_PREFIX } from "../storage/index";

type Value = string | File;

const MEDIA_KEY = /^(banner|banner_url|banner_caption|media\[\d+\]|media_urls\[\d+\]|captions\[\d+\])$/;
/** The fields that may carry a file. */
const FILE_KEY = /^(banner|media\[\d+\])$/;

/**
 * A kept URL must be one of our uploads or a plain http(s) address, never javascript: or data:.
 * The banner rule of docs/product.md#validation-rules (images only) holds for a URL as for a file.
 */
function keptMedia(url: string, caption: string, purpose: MediaPurpose): MediaChoice {
  const trimmed = url.trim();
  if (!trimmed.startsWith(UPLOADS_URL_PREFIX) && !/^https?:\/\/[^\s]+$/i.test(trimmed)) {
    throw new AppError(400, "invalidMediaUrl");
  }
  const video = /\.mp4($|\?)/i.test(trimmed);
  if (video && purpose === "banner") throw new AppError(415, "bannerType");
  return { kept: { url: trimmed, mediaType: video ? "video" : "image", width: null, height: null }, caption };
}

async function mediaChoice(value: Value | undefined, url: Value | undefined, caption: string, purpose: MediaPurpose): Promise<MediaChoice | null> {
  if (value instanceof File && value.size > 0) {
    return { file: { name: value.name, bytes: await fileBytes(value) }, purpose, caption };
  }
  if (typeof url === "string" && url.trim() !== "") return keptMedia(url, caption, purpose);
  return null;
}

function text(value: Value | undefined): string {
  return typeof value === "string" ? value : "";
}

async function mediaFrom(values: Map<string, Value>): Promise<ArticleMediaChoices> {
  const banner = await mediaChoice(values.get("banner"), values.get("banner_url"), text(values.get("banner_caption")), "banner");
  const indexes = new Set<number>();
  for (const key of values.keys()) {
    const n = key.match(/^(?:media|media_urls|captions)\[(\d+)\]$/)?.[1];
    if (n !== undefined) indexes.add(Number(n));
  }
  const content: MediaChoice[] = [];
  for (const n of [...indexes].sort((a, b) => a - b)) {
    const choice = await mediaChoice(values.get(`media[${n}]`), values.get(`media_urls[${n}]`), text(values.get(`captions[${n}]`)), "content");
    if (choice) content.push(choice);
  }
  return { banner, content };
}

/** JSON bodies name lists as arrays; flatten them into the multipart names. */
function flattenJson(body: Record<string, unknown>): Map<string, Value> {
  const values = new Map<string, Value>();
  for (const [key, value] of Object.entries(body)) {
    if ((key === "media_urls" || key === "captions") && Array.isArray(value)) {
      value.forEach((item, i) => values.set(`${key}[${i}]`, String(item ?? "")));
    } else if (Array.isArray(value) || (value !== null && typeof value === "object")) {
      values.set(key, JSON.stringify(value));
    } else if (value !== null && value !== undefined) {
      values.set(key, String(value));
    }
  }
  return values;
}

/**
 * Reads an article payload. The newsroom check comes first, so that nobody else can make the server
 * read a large body. Media is undefined when the request names none (an update keeps the stored).
 */
export async function readArticleForm(request: Request, actor: Actor | null): Promise<ArticlePatch> {
  requireAbility(actor, "backOffice");
  const limit = config().maxVideoBytes + 16 * 1024 * 1024;
  const values = isFormBody(request)
    ? new Map<string, Value>(await readFormData(request, limit, FILE_KEY))
    : flattenJson(await readJsonObject(request, limit));
  const fields: Record<string, string> = {};
  for (const [key, value] of values) if (!MEDIA_KEY.test(key) && typeof value === "string") fields[key] = value;
  const namesMedia = [...values.keys()].some((key) => MEDIA_KEY.test(key));
  return { fields, media: namesMedia ? await mediaFrom(values) : undefined };
}
