/**
 * The address a reader's browser fetches an upload from. Records and article HTML name uploads by
 * their path on this site (`/uploads/abc.jpg`, see server/storage); where the files really are is
 * the site's media base: `/uploads` itself, or MEDIA_PUBLIC_URL (a CDN, a bucket) when they are
 * kept in object storage. Pure, so the server and the browser render the same address.
 */
const UPLOADS_PATH = "/uploads/";

/** SPEC 8: a broken image falls back to /placeholder.jpg (islands/broken-images.ts). */
export const PLACEHOLDER_IMAGE = "/placeholder.jpg";

/** The site's own media base: uploads served by the application from its local folder. */
export const LOCAL_MEDIA_BASE = "/uploads";

export function publicMediaUrl(url: string, mediaBase: string): string {
  return url.startsWith(UPLOADS_PATH) ? mediaBase + url.slice(UPLOADS_PATH.length - 1) : url;
}

const MEDIA_TAG = /<(?:img|video|source)\b[^>]*>/gi;
const UPLOAD_ATTRIBUTE = /(\s(?:src|poster)\s*=\s*["']?)\/uploads\//g;

/** Our uploads in stored HTML (media tags' src and poster) at their public address. */
export function publicMediaHtml(html: string, mediaBase: string): string {
  if (mediaBase === LOCAL_MEDIA_BASE) return html;
  return html.replace(MEDIA_TAG, (tag) => tag.replace(UPLOAD_ATTRIBUTE, (_, prefix: string) => `${prefix}${mediaBase}/`));
}
