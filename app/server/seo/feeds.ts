/**
 * RSS 2.0 and Atom feeds of the newest published articles: the whole site, a category, a writer
 * or a tag. Items carry the full body with every address made absolute, since feed readers show
 * it away from the site.
 */
import { type Locale, localizePath } from "~/lib/i18n";
import { articlePath } from "~/lib/seo/json-ld";
import { LOGO, type SiteInfo, absoluteUrl } from "~/lib/seo/page-meta";
import type { FeedArticle } from "~/server/services/seo-queries";
import { XML_DECLARATION, element, emptyElement, textElement } from "./xml";
import { languageConfig } from "~/lib/languages";

/** How many articles a feed carries: a few days of news for a reader that polls now and then. */
export const FEED_SIZE = 30;

export type FeedFormat = "rss" | "atom";

export interface FeedChannel {
  /** The edition: its language, and where its pages and feeds are. */
  language: Locale;
  title: string;
  description: string;
  /** The HTML page the feed follows, locale-free (e.g. '/category/economy'). */
  pagePath: string;
  /** This feed's directory, locale-free, e.g. '/feeds/category/economy'. */
  feedBase: string;
}

/** A locale-free path in the channel's edition. */
const editionUrl = (site: SiteInfo, channel: FeedChannel, path: string) => absoluteUrl(site, localizePath(path, channel.language, site.defaultLocale));

/** Where an article is read: in its own language's interface. */
export function articleUrl(site: SiteInfo, article: { slug: string; language: FeedArticle["language"] }): string {
  return absoluteUrl(site, localizePath(articlePath(article.slug), article.language, site.defaultLocale));
}

/**
 * Root-relative src, href and poster attributes made absolute. Stored article HTML is
 * sanitize-html's output, so attributes are always double-quoted.
 */
export function absoluteHtml(site: SiteInfo, html: string): string {
  return html.replace(/(\s(?:src|href|poster)=")(\/(?!\/)[^"]*)"/g, (_, prefix: string, path: string) => `${prefix}${absoluteUrl(site, path)}"`);
}

function itemHtml(site: SiteInfo, article: FeedArticle): string {
  const banner = article.imageUrl
    ? `<p><img src="${absoluteUrl(site, article.imageUrl)}" alt=""${article.imageWidth ? ` width="${article.imageWidth}"` : ""}${article.imageHeight ? ` height="${article.imageHeight}"` : ""}></p>`
    : "";
  return banner + absoluteHtml(site, article.content);
}

/** An edit to an older article changes the feed too, so the newest edit dates it, not the newest article. */
function newestUpdate(items: FeedArticle[], fallback: Date): Date {
  return items.reduce<Date | null>((latest, item) => (latest && latest > item.updatedAt ? latest : item.updatedAt), null) ?? fallback;
}

const summaryOf = (article: FeedArticle) => article.metaDescription || article.excerpt;

function imageType(url: string): string {
  return /\.png$/i.test(url) ? "image/png" : /\.webp$/i.test(url) ? "image/webp" : "image/jpeg";
}

function rssItem(site: SiteInfo, article: FeedArticle): string {
  const url = articleUrl(site, article);
  return element("item", [
    textElement("title", article.title),
    textElement("link", url),
    textElement("guid", url, { isPermaLink: "true" }),
    textElement("description", summaryOf(article)),
    textElement("content:encoded", itemHtml(site, article)),
    textElement("pubDate", article.publishedAt.toUTCString()),
    ...(article.writerName ? [textElement("dc:creator", article.writerName)] : []),
    textElement("dc:language", languageConfig(article.language).tag),
    ...(article.categoryName ? [textElement("category", article.categoryName)] : []),
    ...article.tags.map((tag) => textElement("category", tag)),
    ...(article.imageUrl
      ? [
          emptyElement("media:content", {
            url: absoluteUrl(site, article.imageUrl),
            medium: "image",
            type: imageType(article.imageUrl),
            width: article.imageWidth ?? undefined,
            height: article.imageHeight ?? undefined,
          }),
        ]
      : []),
  ]);
}

export function rssFeed(site: SiteInfo, channel: FeedChannel, items: FeedArticle[], now: Date): string {
  const pageUrl = editionUrl(site, channel, channel.pagePath);
  const newest = newestUpdate(items, now);
  return (
    XML_DECLARATION +
    element(
      "rss",
      [
        element("channel", [
          textElement("title", channel.title),
          textElement("link", pageUrl),
          textElement("description", channel.description),
          textElement("language", languageConfig(channel.language).tag),
          textElement("lastBuildDate", newest.toUTCString()),
          emptyElement("atom:link", { href: editionUrl(site, channel, `${channel.feedBase}/rss.xml`), rel: "self", type: "application/rss+xml" }),
          element("image", [textElement("url", absoluteUrl(site, LOGO.path)), textElement("title", channel.title), textElement("link", pageUrl)]),
          ...items.map((article) => rssItem(site, article)),
        ]),
      ],
      {
        version: "2.0",
        "xmlns:atom": "http://www.w3.org/2005/Atom",
        "xmlns:content": "http://purl.org/rss/1.0/modules/content/",
        "xmlns:dc": "http://purl.org/dc/elements/1.1/",
        "xmlns:media": "http://search.yahoo.com/mrss/",
      },
    )
  );
}

function atomEntry(site: SiteInfo, article: FeedArticle): string {
  const url = articleUrl(site, article);
  return element(
    "entry",
    [
      textElement("title", article.title),
      emptyElement("link", { rel: "alternate", type: "text/html", href: url }),
      textElement("id", url),
      textElement("published", article.publishedAt.toISOString()),
      textElement("updated", article.updatedAt.toISOString()),
      ...(article.writerName
        ? [
            element("author", [
              textElement("name", article.writerName),
              ...(article.writerId !== null ? [textElement("uri", absoluteUrl(site, localizePath(`/writer/${article.writerId}`, article.language, site.defaultLocale)))] : []),
            ]),
          ]
        : []),
      ...(article.categoryName ? [emptyElement("category", { term: article.categoryName })] : []),
      ...article.tags.map((tag) => emptyElement("category", { term: tag })),
      textElement("summary", summaryOf(article)),
      textElement("content", itemHtml(site, article), { type: "html" }),
      ...(article.imageUrl
        ? [emptyElement("link", { rel: "enclosure", type: imageType(article.imageUrl), href: absoluteUrl(site, article.imageUrl) })]
        : []),
    ],
    { "xml:lang": languageConfig(article.language).tag },
  );
}

export function atomFeed(site: SiteInfo, channel: FeedChannel, items: FeedArticle[], now: Date): string {
  const pageUrl = editionUrl(site, channel, channel.pagePath);
  const selfUrl = editionUrl(site, channel, `${channel.feedBase}/atom.xml`);
  const newest = newestUpdate(items, now);
  return (
    XML_DECLARATION +
    element(
      "feed",
      [
        textElement("title", channel.title),
        textElement("subtitle", channel.description),
        emptyElement("link", { rel: "alternate", type: "text/html", href: pageUrl }),
        emptyElement("link", { rel: "self", type: "application/atom+xml", href: selfUrl }),
        textElement("id", selfUrl),
        textElement("updated", newest.toISOString()),
        textElement("logo", absoluteUrl(site, LOGO.path)),
        ...items.map((article) => atomEntry(site, article)),
      ],
      { xmlns: "http://www.w3.org/2005/Atom", "xml:lang": languageConfig(channel.language).tag },
    )
  );
}
