/**
 * GET /sitemap/{articles-N,pages,categories,tags,writers,documents,news}.xml (and under /ne): the sitemaps an
 * edition's index lists. Published stories only, as the edition lists them; news.xml has the
 * edition's own stories of the last 48 hours.
 */
import { type Locale, catalogFor } from "~/lib/i18n";
import { pageLocale } from "~/server/http/page-locale";
import { database } from "~/server/process/runtime";
import { notFound, siteInfo } from "~/server/seo/site";
import {
  ARTICLES_PER_SITEMAP,
  type ListingKind,
  NEWS_SITEMAP_LIMIT,
  NEWS_WINDOW_MS,
  SITEMAP_URL_LIMIT,
  articlesSitemap,
  documentsSitemap,
  listingSitemap,
  newsSitemap,
  pagesSitemap,
} from "~/server/seo/sitemaps";
import { xmlResponse, xmlStreamResponse } from "~/server/seo/xml";
import { editionOf } from "~/server/services/editions";
import { recentArticles, sitemapArticleBatches, sitemapDocuments, sitemapFileVersion, sitemapListings } from "~/server/services/seo-queries";
import type { Route } from "./+types/sitemap";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

const LISTINGS: Record<string, ListingKind> = { "categories.xml": "category", "tags.xml": "tag", "writers.xml": "writer" };

async function sitemapBody(language: Locale, name: string): Promise<string | null> {
  const site = siteInfo();
  if (name === "pages.xml") return pagesSitemap(site, language);
  const db = await database();
  const listing = LISTINGS[name];
  if (listing) return listingSitemap(site, language, listing, await sitemapListings(db, listing, editionOf(language)));
  if (name === "documents.xml") return documentsSitemap(site, language, await sitemapDocuments(db, SITEMAP_URL_LIMIT));
  if (name === "news.xml") {
    const since = new Date(Date.now() - NEWS_WINDOW_MS);
    return newsSitemap(site, catalogFor(language).siteName, await recentArticles(db, language, since, NEWS_SITEMAP_LIMIT));
  }
  return null;
}

/** articles-N.xml: streamed, 10,000 stories a file. */
async function articlesSitemapResponse(request: Request, language: Locale, fileNumber: number): Promise<Response> {
  const db = await database();
  const edition = editionOf(language);
  const offset = (fileNumber - 1) * ARTICLES_PER_SITEMAP;
  const { articles, version } = await sitemapFileVersion(db, edition, offset, ARTICLES_PER_SITEMAP);
  // Past the last file there is nothing to list; the first always exists, even on an empty site.
  if (articles === 0 && fileNumber !== 1) return notFound(siteInfo());
  const batches = sitemapArticleBatches(db, edition, offset, ARTICLES_PER_SITEMAP);
  return xmlStreamResponse(request, version, articlesSitemap(siteInfo(), language, batches), "application/xml");
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const language = pageLocale(request);
  const file = /^articles-([1-9]\d{0,5})\.xml$/.exec(params.name);
  if (file) return articlesSitemapResponse(request, language, Number(file[1]));
  const body = await sitemapBody(language, params.name);
  return body === null ? notFound(siteInfo()) : xmlResponse(request, body, "application/xml");
}
