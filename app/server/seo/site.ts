import type { SiteInfo } from "~/lib/seo/page-meta";
import { translate } from "~/lib/i18n";
import { config } from "~/server/platform/config";

/** The public origin, default language and media base that feeds, sitemaps and robots.txt are written for. */
export function siteInfo(): SiteInfo {
  return { defaultLocale: config().defaultLocale, publicUrl: config().publicUrl, mediaUrl: config().mediaPublicUrl };
}

/** Feeds and sitemaps answer an unknown address in plain words, not with a page. */
export function notFound(site: SiteInfo): Response {
  return new Response(translate(site.defaultLocale, "pageNotFound"), {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=30" },
  });
}
