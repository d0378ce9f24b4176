/** Media uploads of the article form, through POST /api/upload, with their progress (a video over a slow line). */
import { apiUpload } from "~/lib/api-client";
import type { Catalog } from "~/lib/i18n";

export type UploadPurpose = "banner" | "content";

export interface UploadedMedia {
  url: string;
  media_type: "image" | "video";
}

export type UploadResult = { ok: true; media: UploadedMedia } | { ok: false; error: string };

const ALLOWED: Record<UploadPurpose, RegExp> = {
  banner: /\.(jpe?g|png)$/i,
  content: /\.(jpe?g|png|mp4)$/i,
};

/** The file types docs/product.md#validation-rules allows, checked before any byte is sent; the server checks again by content. */
export function fileTypeError(file: File, purpose: UploadPurpose, messages: Catalog): string | null {
  if (ALLOWED[purpose].test(file.name)) return null;
  return purpose === "banner" ? messages.bannerType : messages.contentMediaType;
}

export const ACCEPT: Record<UploadPurpose, string> = {
  banner: ".jpg,.jpeg,.png,image/jpeg,image/png",
  content: ".jpg,.jpeg,.png,.mp4,image/jpeg,image/png,video/mp4",
};

/** `onProgress` gets 0–1. Failures carry the server's message when it sent one, else ours (docs/product.md#messages-and-notifications). */
export async function uploadMedia(
  file: File,
  purpose: UploadPurpose,
  onProgress: (fraction: number) => void,
  messages: Catalog,
): Promise<UploadResult> {
  const fallback = purpose === "banner" ? messages.bannerUploadFailed : messages.contentMediaUploadFailed;
  const body = new FormData();
  body.set("media", file);
  if (purpose === "banner") body.set("purpose", "banner");
  const result = await apiUpload<UploadedMedia>("/api/upload", body, onProgress);
  if (result.ok) return { ok: true, media: { url: result.data.url, media_type: result.data.media_type } };
  console.error("Upload failed", result.status, result.error);
  return { ok: false, error: result.error ?? fallback };
}
