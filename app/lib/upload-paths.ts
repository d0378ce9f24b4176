/**
 * docs/product.md#the-api-in-summary: image sources in article content that begin /Uploads/ are rewritten. The old client
 * stored uploads under /Uploads/; this site serves them from /uploads/ (paths are case-sensitive).
 * The server rewrites on save; this catches bodies stored before that, when the article is shown.
 */
const MEDIA_TAG = /<(?:img|video|source)\b[^>]*>/gi;
const LEGACY_ATTRIBUTE = /(\s(?:src|poster)\s*=\s*["']?)\/Uploads\//gi;

export function rewriteUploadSources(html: string): string {
  return html.replace(MEDIA_TAG, (tag) => tag.replace(LEGACY_ATTRIBUTE, "$1/uploads/"));
}
