/** GET /sitemap.xml: the sitemap index (see README "Feeds and sitemaps"). */
import { database } from "~/server/process/runtime";
import { siteInfo } from "~/server/seo/site";
import { articleSitemapCount, sitemapIndex } from "~/server/seo/sitemaps";
import { xmlResponse } from "~/server/seo/xml";
import { countPublishedArticles } from "~/server/services/seo-queries";
import type { Route } from "./+types/sitemap-index";

export async function loader({ request }: Route.LoaderArgs) {
  const total = await countPublishedArticles(await database());
  return xmlResponse(request, sitemapIndex(siteInfo(), articleSitemapCount(total), new Date()), "application/xml");
}
