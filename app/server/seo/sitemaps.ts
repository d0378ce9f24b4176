/**
 * Sitemaps (sitemaps.org 0.9) and the Google News sitemap. Every page is listed in both interface
 * languages, each entry naming the other with hreflang alternates.
 */
import { LOCALES, type Locale, localizePath } from "~/lib/i18n";
import { articlePath } from "~/lib/seo/json-ld";
import { type SiteInfo, absoluteUrl } from "~/lib/seo/page-meta";
import type { NewsSitemapArticle, SitemapArticle, SitemapListing } from "~/server/services/seo-queries";
import { articleUrl } from "./feeds";
import { XML_DECLARATION, closingTag, element, emptyElement, openingTag, textElement } from "./xml";
import { languages } from "~/lib/languages";

/** The sitemaps.org limits of a file: 50,000 addresses and 50 MB. */
export const SITEMAP_URL_LIMIT = 50_000;
export const SITEMAP_BYTE_LIMIT = 50 * 1024 * 1024;
/**
 * Each article has one address per language, each listed with its alternates; a Nepali slug is
 * percent-encoded, nine bytes a letter. At 100,000 articles an address took 1.4 KB, and a file of
 * 25,000 articles (the address limit) was 68 MB. 5,000 articles make about 14 MB, and stay under
 * the limit with headlines of 150 letters (most are under 80).
 */
export const ARTICLES_PER_SITEMAP = 5_000;
/** Google News reads the last two days, and at most 1,000 articles. */
export const NEWS_WINDOW_MS = 48 * 60 * 60 * 1000;
export const NEWS_SITEMAP_LIMIT = 1000;

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML_NS = "http://www.w3.org/1999/xhtml";

/** The reader pages with no data of their own. */
export const STATIC_PAGES = ["/", "/news", "/about", "/contact", "/support"];

export type ListingKind = "category" | "tag" | "writer";

/** How many article sitemaps `total` published articles need (at least one, so the index never points nowhere). */
export function articleSitemapCount(total: number, perFile = ARTICLES_PER_SITEMAP): number {
  return Math.max(1, Math.ceil(total / perFile));
}

export function sitemapIndex(site: SiteInfo, articleFiles: number, now: Date): string {
  const files = [
    ...Array.from({ length: articleFiles }, (_, i) => `/sitemap/articles-${i + 1}.xml`),
    "/sitemap/pages.xml",
    "/sitemap/categories.xml",
    "/sitemap/tags.xml",
    "/sitemap/writers.xml",
    "/sitemap/news.xml",
  ];
  return (
    XML_DECLARATION +
    element(
      "sitemapindex",
      files.map((file) => element("sitemap", [textElement("loc", absoluteUrl(site, file)), textElement("lastmod", now.toISOString())])),
      { xmlns: SITEMAP_NS },
    )
  );
}

/** One `<url>` per language for a locale-free path, each naming every language version. */
function urlEntries(site: SiteInfo, path: string, lastModified: Date | null): string[] {
  const url = (locale: Locale) => absoluteUrl(site, localizePath(path, locale, site.defaultLocale));
  const links = [
    ...LOCALES.map((locale) => emptyElement("xhtml:link", { rel: "alternate", hreflang: languages[locale].tag, href: url(locale) })),
    emptyElement("xhtml:link", { rel: "alternate", hreflang: "x-default", href: url(site.defaultLocale) }),
  ];
  return LOCALES.map((locale) =>
    element("url", [textElement("loc", url(locale)), ...(lastModified ? [textElement("lastmod", lastModified.toISOString())] : []), ...links]),
  );
}

const URL_SET_ATTRIBUTES = { xmlns: SITEMAP_NS, "xmlns:xhtml": XHTML_NS };

function urlSet(entries: string[]): string {
  return XML_DECLARATION + element("urlset", entries, URL_SET_ATTRIBUTES);
}

/**
 * An article sitemap written piece by piece as its batches are read: a file of 25,000 articles is
 * 50,000 addresses and about 25 MB of XML, which is never held whole.
 */
export async function* articlesSitemap(site: SiteInfo, batches: AsyncIterable<SitemapArticle[]>): AsyncGenerator<string> {
  yield XML_DECLARATION + openingTag("urlset", URL_SET_ATTRIBUTES);
  for await (const articles of batches) {
    yield articles.flatMap((article) => urlEntries(site, articlePath(article.slug), article.updatedAt)).join("");
  }
  yield closingTag("urlset");
}

export function pagesSitemap(site: SiteInfo): string {
  return urlSet(STATIC_PAGES.flatMap((path) => urlEntries(site, path, null)));
}

const LISTING_PATH: Record<ListingKind, string> = { category: "/category/", tag: "/tag/", writer: "/writer/" };

export function listingSitemap(site: SiteInfo, kind: ListingKind, listings: SitemapListing[]): string {
  return urlSet(listings.flatMap((listing) => urlEntries(site, LISTING_PATH[kind] + listing.key, listing.lastModified)));
}

/** Google's news sitemap: each article once, at its own language's address, with its title. */
export function newsSitemap(site: SiteInfo, publicationName: Record<Locale, string>, articles: NewsSitemapArticle[]): string {
  return (
    XML_DECLARATION +
    element(
      "urlset",
      articles.map((article) =>
        element("url", [
          textElement("loc", articleUrl(site, article)),
          element("news:news", [
            element("news:publication", [
              textElement("news:name", publicationName[article.language]),
              textElement("news:language", article.language),
            ]),
            textElement("news:publication_date", article.publishedAt.toISOString()),
            textElement("news:title", article.title),
          ]),
        ]),
      ),
      { xmlns: SITEMAP_NS, "xmlns:news": "http://www.google.com/schemas/sitemap-news/0.9" },
    )
  );
}

export function robotsTxt(site: SiteInfo): string {
  const privatePaths = ["/admin", ...LOCALES.map((locale) => `/${locale}/admin`), "/api/"];
  return [
    "User-agent: *",
    ...privatePaths.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl(site, "/sitemap.xml")}`,
    `Sitemap: ${absoluteUrl(site, "/sitemap/news.xml")}`,
    "",
  ].join("\n");
}
