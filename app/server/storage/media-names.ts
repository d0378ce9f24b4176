/** The names uploads are stored under, and the URL path that refers to them wherever they are kept. */
export const UPLOADS_URL_PREFIX = "/uploads/";

const SAFE_NAME = /^[a-z0-9][a-z0-9._-]*$/i;

export const isSafeMediaName = (name: string): boolean => SAFE_NAME.test(name);

export function assertSafeMediaName(name: string): void {
  if (!isSafeMediaName(name)) throw new Error(`unsafe media name: ${name}`);
}

const CONTENT_TYPES: Record<string, string> = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", mp4: "video/mp4", pdf: "application/pdf", webp: "image/webp", avif: "image/avif", json: "application/json" };

/** The content type a stored file is served with, from its name: services/media.ts and services/documents.ts store only these. */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? ""] ?? "application/octet-stream";
}
