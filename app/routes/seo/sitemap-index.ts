/** GET /sitemap.xml, /ne/sitemap.xml: an edition's sitemap index (see README "Feeds, sitemaps and search engines"). */
import { pageLocale } from "~/server/http/page-locale";
import { database } from "~/server/process/runtime";
import { siteInfo } from "~/server/seo/site";
import { articleSitemapCount, sitemapIndex } from "~/server/seo/sitemaps";
import { xmlResponse } from "~/server/seo/xml";
import { editionOf } from "~/server/services/editions";
import { countEditionArticles } from "~/server/services/seo-queries";
import type { Route } from "./+types/sitemap-index";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

export async function loader({ request }: Route.LoaderArgs) {
  const language = pageLocale(request);
  const total = await countEditionArticles(await database(), editionOf(language));
  return xmlResponse(request, sitemapIndex(siteInfo(), language, articleSitemapCount(total), new Date()), "application/xml");
}
