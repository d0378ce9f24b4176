/**
 * GET /sitemap/{articles-N,pages,categories,tags,writers,news}.xml: the sitemaps the index lists.
 * Published articles only, in both languages; news.xml has the last 48 hours' articles.
 */
import { catalogs } from "~/lib/i18n";
import { database } from "~/server/process/runtime";
import { notFound, siteInfo } from "~/server/seo/site";
import {
  ARTICLES_PER_SITEMAP,
  type ListingKind,
  NEWS_SITEMAP_LIMIT,
  NEWS_WINDOW_MS,
  articlesSitemap,
  listingSitemap,
  newsSitemap,
  pagesSitemap,
} from "~/server/seo/sitemaps";
import { xmlResponse, xmlStreamResponse } from "~/server/seo/xml";
import { recentArticles, sitemapArticleBatches, sitemapFileVersion, sitemapListings } from "~/server/services/seo-queries";
import type { Route } from "./+types/sitemap";

const LISTINGS: Record<string, ListingKind> = { "categories.xml": "category", "tags.xml": "tag", "writers.xml": "writer" };

async function sitemapBody(name: string): Promise<string | null> {
  const site = siteInfo();
  if (name === "pages.xml") return pagesSitemap(site);
  const db = await database();
  const listing = LISTINGS[name];
  if (listing) return listingSitemap(site, listing, await sitemapListings(db, listing));
  if (name === "news.xml") {
    const since = new Date(Date.now() - NEWS_WINDOW_MS);
    const names = { en: catalogs.en.siteName, ne: catalogs.ne.siteName };
    return newsSitemap(site, names, await recentArticles(db, since, NEWS_SITEMAP_LIMIT));
  }
  return null;
}

/** articles-N.xml: streamed, 25,000 articles (50,000 addresses) a file. */
async function articlesSitemapResponse(request: Request, fileNumber: number): Promise<Response> {
  const db = await database();
  const offset = (fileNumber - 1) * ARTICLES_PER_SITEMAP;
  const { articles, version } = await sitemapFileVersion(db, offset, ARTICLES_PER_SITEMAP);
  // Past the last file there is nothing to list; the first always exists, even on an empty site.
  if (articles === 0 && fileNumber !== 1) return notFound(siteInfo());
  return xmlStreamResponse(request, version, articlesSitemap(siteInfo(), sitemapArticleBatches(db, offset, ARTICLES_PER_SITEMAP)), "application/xml");
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const file = /^articles-([1-9]\d{0,5})\.xml$/.exec(params.name);
  if (file) return articlesSitemapResponse(request, Number(file[1]));
  const body = await sitemapBody(params.name);
  return body === null ? notFound(siteInfo()) : xmlResponse(request, body, "application/xml");
}
