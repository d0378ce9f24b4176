/**
 * Media uploads of the article form, through POST /api/upload. XMLHttpRequest rather than fetch:
 * only it reports upload progress, which a video over a slow connection needs.
 */
import { pageLanguage } from "~/lib/api-client";
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

function serverError(xhr: XMLHttpRequest): string | null {
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    return body && typeof body === "object" && "error" in body && typeof body.error === "string" ? body.error : null;
  } catch {
    return null;
  }
}

/** `onProgress` gets 0–1. Failures carry the server's message when it sent one, else ours (docs/product.md#messages-and-notifications). */
export function uploadMedia(
  file: File,
  purpose: UploadPurpose,
  onProgress: (fraction: number) => void,
  messages: Catalog,
): Promise<UploadResult> {
  const fallback = purpose === "banner" ? messages.bannerUploadFailed : messages.contentMediaUploadFailed;
  const body = new FormData();
  body.set("media", file);
  if (purpose === "banner") body.set("purpose", "banner");
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/upload");
    xhr.setRequestHeader("accept-language", pageLanguage());
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      if (xhr.status === 201) {
        try {
          const media = JSON.parse(xhr.responseText) as UploadedMedia;
          resolve({ ok: true, media: { url: media.url, media_type: media.media_type } });
          return;
        } catch {
          // fall through to the failure below
        }
      }
      console.error("Upload failed", xhr.status, xhr.responseText);
      resolve({ ok: false, error: serverError(xhr) ?? fallback });
    });
    xhr.addEventListener("error", () => {
      console.error("Upload failed: network error");
      resolve({ ok: false, error: fallback });
    });
    xhr.send(body);
  });
}
