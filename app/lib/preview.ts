/**
 * `?preview` on an article: an admin's view, drafts included (docs/product.md#roles-and-permissions sends admins away from the
 * public site; this is how they still look at it). Such a page is personal, so never cached.
 */
export const PREVIEW_PARAM = "preview";

export function isPreview(request: Request | URL): boolean {
  return new URL(request instanceof URL ? request : request.url).searchParams.has(PREVIEW_PARAM);
}

export const previewPath = (slug: string) => `/article/${encodeURIComponent(slug)}?${PREVIEW_PARAM}`;
