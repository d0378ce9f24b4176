/**
 * Sitemaps (sitemaps.org 0.9) and the Google News sitemap, one set per edition: /sitemap.xml lists
 * the default language's edition, /ne/sitemap.xml the Nepali one. An edition's sitemaps list its
 * addresses as its lists do (services/editions.ts: each story once), each entry naming the page's
 * version in every language with hreflang alternates, as the page itself does.
 */
import { LOCALES, type Locale, localizePath } from "~/lib/i18n";
import { documentPath } from "~/lib/document-path";
import { articlePath } from "~/lib/seo/json-ld";
import { type SiteInfo, absoluteUrl } from "~/lib/seo/page-meta";
import type { NewsSitemapArticle, SitemapArticle, SitemapListing } from "~/server/services/seo-queries";
import { articleUrl } from "./feeds";
import { XML_DECLARATION, closingTag, element, emptyElement, openingTag, textElement } from "./xml";
import { languageConfig } from "~/lib/languages";

/** The sitemaps.org limits of a file: 50,000 addresses and 50 MB. */
export const SITEMAP_URL_LIMIT = 50_000;
export const SITEMAP_BYTE_LIMIT = 50 * 1024 * 1024;
/**
 * A story is one address in its edition's file, listed with its alternates; a Nepali slug is
 * percent-encoded, nine bytes a letter. At 100,000 articles an address took 1.4 KB, so 10,000
 * stories make about 14 MB and stay under the byte limit with headlines of 150 letters (most are
 * under 80).
 */
export const ARTICLES_PER_SITEMAP = 10_000;
/** Google News reads the last two days, and at most 1,000 articles. */
export const NEWS_WINDOW_MS = 48 * 60 * 60 * 1000;
export const NEWS_SITEMAP_LIMIT = 1000;

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML_NS = "http://www.w3.org/1999/xhtml";

/** The reader pages with no data of their own. */
const STATIC_PAGES = ["/", "/news", "/about", "/contact", "/support"];

export type ListingKind = "category" | "tag" | "writer";

/** An edition's address of a locale-free path: '/sitemap.xml' → '/ne/sitemap.xml'. */
const editionUrl = (site: SiteInfo, edition: Locale, path: string) => absoluteUrl(site, localizePath(path, edition, site.defaultLocale));

/** How many article sitemaps an edition of `total` stories needs (at least one, so the index never points nowhere). */
export function articleSitemapCount(total: number, perFile = ARTICLES_PER_SITEMAP): number {
  return Math.max(1, Math.ceil(total / perFile));
}

export function sitemapIndex(site: SiteInfo, edition: Locale, articleFiles: number, now: Date): string {
  const files = [
    ...Array.from({ length: articleFiles }, (_, i) => `/sitemap/articles-${i + 1}.xml`),
    "/sitemap/pages.xml",
    "/sitemap/categories.xml",
    "/sitemap/tags.xml",
    "/sitemap/writers.xml",
    "/sitemap/documents.xml",
    "/sitemap/news.xml",
  ];
  return (
    XML_DECLARATION +
    element(
      "sitemapindex",
      files.map((file) => element("sitemap", [textElement("loc", editionUrl(site, edition, file)), textElement("lastmod", now.toISOString())])),
      { xmlns: SITEMAP_NS },
    )
  );
}

/** The locale-free path of a page's version in each language. */
type Versions = (locale: Locale) => string;

/** The edition's `<url>` for a page, naming its version in every language. */
function urlEntry(site: SiteInfo, edition: Locale, versionIn: Versions, lastModified: Date | null): string {
  const url = (locale: Locale) => editionUrl(site, locale, versionIn(locale));
  const links = [
    ...LOCALES.map((locale) => emptyElement("xhtml:link", { rel: "alternate", hreflang: languageConfig(locale).tag, href: url(locale) })),
    emptyElement("xhtml:link", { rel: "alternate", hreflang: "x-default", href: url(site.defaultLocale) }),
  ];
  return element("url", [textElement("loc", url(edition)), ...(lastModified ? [textElement("lastmod", lastModified.toISOString())] : []), ...links]);
}

/** A story's versions: in each language, the version that edition lists of it; itself where none lists one. */
function storyVersions(article: SitemapArticle): Versions {
  return (locale) => articlePath(article.versions[locale] ?? article.slug);
}

const URL_SET_ATTRIBUTES = { xmlns: SITEMAP_NS, "xmlns:xhtml": XHTML_NS };

function urlSet(entries: string[]): string {
  return XML_DECLARATION + element("urlset", entries, URL_SET_ATTRIBUTES);
}

/**
 * An article sitemap written piece by piece as its batches are read: a file of 10,000 stories is
 * about 14 MB of XML, which is never held whole.
 */
export async function* articlesSitemap(site: SiteInfo, edition: Locale, batches: AsyncIterable<SitemapArticle[]>): AsyncGenerator<string> {
  yield XML_DECLARATION + openingTag("urlset", URL_SET_ATTRIBUTES);
  for await (const articles of batches) {
    yield articles.map((article) => urlEntry(site, edition, storyVersions(article), article.updatedAt)).join("");
  }
  yield closingTag("urlset");
}

export function pagesSitemap(site: SiteInfo, edition: Locale): string {
  return urlSet(STATIC_PAGES.map((path) => urlEntry(site, edition, () => path, null)));
}

const LISTING_PATH: Record<ListingKind, string> = { category: "/category/", tag: "/tag/", writer: "/writer/" };

export function listingSitemap(site: SiteInfo, edition: Locale, kind: ListingKind, listings: SitemapListing[]): string {
  return urlSet(listings.map((listing) => urlEntry(site, edition, () => LISTING_PATH[kind] + listing.key, listing.lastModified)));
}

/** The published documents' pages, each at the same address in every edition. */
export function documentsSitemap(site: SiteInfo, edition: Locale, documents: SitemapListing[]): string {
  return urlSet(documents.map((document) => urlEntry(site, edition, () => documentPath(document.key), document.lastModified)));
}

/** Google's news sitemap of an edition: its publication, its stories at their addresses, with titles. */
export function newsSitemap(site: SiteInfo, publicationName: string, articles: NewsSitemapArticle[]): string {
  return (
    XML_DECLARATION +
    element(
      "urlset",
      articles.map((article) =>
        element("url", [
          textElement("loc", articleUrl(site, article)),
          element("news:news", [
            element("news:publication", [textElement("news:name", publicationName), textElement("news:language", article.language)]),
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
    // The default language's edition first, at the unprefixed address.
    ...[site.defaultLocale, ...LOCALES.filter((locale) => locale !== site.defaultLocale)].map((edition) => `Sitemap: ${editionUrl(site, edition, "/sitemap.xml")}`),
    "",
  ].join("\n");
}
