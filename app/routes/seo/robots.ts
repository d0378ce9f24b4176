/** GET /robots.txt: the back office and the API are off limits; the sitemaps are named. */
import { siteInfo } from "~/server/seo/site";
import { robotsTxt } from "~/server/seo/sitemaps";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/server/cache/cached-response";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

export function loader() {
  return new Response(robotsTxt(siteInfo()), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL },
  });
}
