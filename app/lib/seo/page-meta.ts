/**
 * The head of every reader page for search engines, feed readers and social networks: title,
 * description, canonical address, the page in the other language (hreflang), feed links, Open
 * Graph and Twitter cards, and JSON-LD. Pure: route `meta` functions call it on the server and in
 * the browser alike.
 */
import type { MetaDescriptor } from "react-router";
import { type Catalog, LOCALES, type Locale, catalogFor, isLocale, localizePath, splitLocalePath } from "~/lib/i18n";
import { languageConfig } from "../languages";
import { LOCAL_MEDIA_BASE, publicMediaUrl } from "../media-url";

/** What the root loader gives every page: the language of unprefixed paths, the public origin and the media base. */
export interface SiteInfo {
  defaultLocale: Locale;
  publicUrl: string;
  /** Where uploads are fetched from (lib/media-url.ts). */
  mediaUrl: string;
}

/** One page's place on the site: its language and its address without the language. */
export interface PageSeo {
  site: SiteInfo;
  locale: Locale;
  messages: Catalog;
  /** The path without its locale prefix, e.g. '/article/x'. */
  path: string;
  /** The address's query string, e.g. '?page=2' ('' when none). */
  search: string;
}

export const LOGO = { path: "/logo.png", width: 600, height: 60 } as const;
/** The card for pages without a picture of their own. */
export const DEFAULT_SHARE_IMAGE = { path: "/og-default.png", width: 1200, height: 630 } as const;

/** Open Graph writes locales with an underscore and a region. */

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

function siteInfoOf(matches: ReadonlyArray<MatchLike | undefined>): SiteInfo {
  const data = matches.find((match) => match?.id === "root")?.loaderData as Partial<SiteInfo> | undefined;
  return {
    defaultLocale: isLocale(data?.defaultLocale) ? data.defaultLocale : "en",
    publicUrl: data?.publicUrl ?? "",
    mediaUrl: data?.mediaUrl ?? LOCAL_MEDIA_BASE,
  };
}

export function pageSeo(matches: ReadonlyArray<MatchLike | undefined>, location: { pathname: string; search: string }): PageSeo {
  const site = siteInfoOf(matches);
  const { locale, rest } = splitLocalePath(location.pathname, site.defaultLocale);
  return { site, locale, messages: catalogFor(locale), path: rest, search: location.search };
}

/**
 * An absolute address on the public origin, an upload's at the media base; already absolute URLs
 * (remote images) stay as they are.
 */
export function absoluteUrl(site: SiteInfo, pathOrUrl: string): string {
  return new URL(publicMediaUrl(pathOrUrl, site.mediaUrl), `${site.publicUrl}/`).href;
}

/** The absolute address of a locale-free `path` in `locale` (the page's own language by default). */
export function pageUrl(seo: PageSeo, path = seo.path, locale = seo.locale): string {
  return absoluteUrl(seo.site, localizePath(path, locale, seo.site.defaultLocale));
}

/** The query a listing's canonical keeps: its page number, nothing else (no tracking parameters). */
export function pagedPath(seo: PageSeo): string {
  const page = Number(new URLSearchParams(seo.search).get("page"));
  return Number.isInteger(page) && page > 1 ? `${seo.path}?page=${page}` : seo.path;
}

export interface ShareImage {
  url: string;
  width: number | null;
  height: number | null;
  alt: string;
}

export interface FeedLink {
  title: string;
  /** The feed's directory under /feeds, locale-free, e.g. '/feeds' or '/feeds/category/economy'. */
  base: string;
  /** Only an Atom feed (a live story's updates); the site's other feeds are in both formats. */
  atomOnly?: boolean;
}

export interface PageMetaInput {
  title: string;
  description?: string;
  /** The canonical path without locale, when it is not the address as visited (e.g. a page number). */
  path?: string;
  /**
   * The address a share preview names (og:url), locale-free, when it is not the canonical one: a
   * live update's own address, whose preview is that update's.
   */
  sharePath?: string;
  /** Pages search engines should not list: search results, login, errors. */
  noindex?: boolean;
  /** Open Graph and Twitter cards, for pages worth sharing. */
  social?: { type: "website" | "article" | "profile"; image?: ShareImage | null; extra?: MetaDescriptor[] };
  /** Feeds besides the whole site's. */
  feeds?: FeedLink[];
  jsonLd?: object[];
  /**
   * The locale-free path of the page's version in each language, when they are different pages:
   * an article and its translation. By default each language's version is this page under that
   * language's prefix.
   */
  versions?: Record<Locale, string>;
}

function alternates(seo: PageSeo, path: string, versions?: Record<Locale, string>): MetaDescriptor[] {
  const versionIn = (locale: Locale) => pageUrl(seo, versions?.[locale] ?? path, locale);
  return [
    ...LOCALES.map((locale) => ({ tagName: "link", rel: "alternate", hrefLang: languageConfig(locale).tag, href: versionIn(locale) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: versionIn(seo.site.defaultLocale) },
  ];
}

/** The page's edition's feeds: a Nepali page offers the Nepali edition's. */
function feedLinks(seo: PageSeo, feeds: FeedLink[]): MetaDescriptor[] {
  const all = [{ title: seo.messages.feedLatest, base: "/feeds" }, ...feeds];
  const url = (path: string) => absoluteUrl(seo.site, localizePath(path, seo.locale, seo.site.defaultLocale));
  return all.flatMap((feed) => [
    ...(feed.atomOnly ? [] : [{ tagName: "link", rel: "alternate", type: "application/rss+xml", title: `${feed.title} (RSS)`, href: url(`${feed.base}/rss.xml`) }]),
    { tagName: "link", rel: "alternate", type: "application/atom+xml", title: `${feed.title} (Atom)`, href: url(`${feed.base}/atom.xml`) },
  ]);
}

function socialMeta(seo: PageSeo, input: PageMetaInput, shared: string): MetaDescriptor[] {
  if (!input.social) return [];
  const image: ShareImage = input.social.image ?? {
    url: DEFAULT_SHARE_IMAGE.path,
    width: DEFAULT_SHARE_IMAGE.width,
    height: DEFAULT_SHARE_IMAGE.height,
    alt: seo.messages.siteName,
  };
  const imageUrl = absoluteUrl(seo.site, image.url);
  const description = input.description ?? "";
  return [
    { property: "og:site_name", content: seo.messages.siteName },
    { property: "og:type", content: input.social.type },
    { property: "og:title", content: input.title },
    { property: "og:description", content: description },
    { property: "og:url", content: shared },
    { property: "og:locale", content: languageConfig(seo.locale).ogLocale },
    ...LOCALES.filter((l) => l !== seo.locale).map((l) => ({ property: "og:locale:alternate", content: languageConfig(l).ogLocale })),
    { property: "og:image", content: imageUrl },
    ...(image.width && image.height
      ? [
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
        ]
      : []),
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
    ...(input.social.extra ?? []),
  ];
}

export function pageMeta(seo: PageSeo, input: PageMetaInput): MetaDescriptor[] {
  const path = input.path ?? seo.path;
  const canonical = pageUrl(seo, path);
  return [
    { title: input.title },
    ...(input.description ? [{ name: "description", content: input.description }] : []),
    // A page kept out of search results names no canonical or alternates for it either.
    ...(input.noindex
      ? [{ name: "robots", content: "noindex, follow" }]
      : [{ tagName: "link", rel: "canonical", href: canonical }, ...alternates(seo, path, input.versions)]),
    ...feedLinks(seo, input.feeds ?? []),
    ...socialMeta(seo, input, input.sharePath ? pageUrl(seo, input.sharePath) : canonical),
    ...(input.jsonLd ?? []).map((data) => ({ "script:ld+json": data as Record<string, unknown> })),
  ];
}
