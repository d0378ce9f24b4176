/**
 * GET /feeds/{rss,atom}.xml and /feeds/{category,writer,tag}/{key}/{rss,atom}.xml: the newest
 * published articles of the site, a category, a writer or a tag, in the edition of the address's
 * language (/ne/feeds/…: the Nepali edition; see README "Feeds, sitemaps and search engines").
 */
import { type Locale, catalogFor, translate } from "~/lib/i18n";
import { pageLocale } from "~/server/http/page-locale";
import { editionOf } from "~/server/services/editions";
import { namesNothing } from "~/server/errors";
import { database } from "~/server/process/runtime";
import { type FeedChannel, type FeedFormat, FEED_SIZE, atomFeed, rssFeed } from "~/server/seo/feeds";
import { notFound, siteInfo } from "~/server/seo/site";
import { xmlResponse } from "~/server/seo/xml";
import type { Executor } from "~/server/db/connection";
import { getCategoryBySlug } from "~/server/services/categories";
import { type FeedScope, feedArticles } from "~/server/services/seo-queries";
import { getTagBySlug } from "~/server/services/tags";
import { getWriter } from "~/server/services/writers";
import type { Route } from "./+types/feed";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

const FORMATS: Record<string, FeedFormat> = { "rss.xml": "rss", "atom.xml": "atom" };
const CONTENT_TYPES: Record<FeedFormat, string> = { rss: "application/rss+xml", atom: "application/atom+xml" };

type Resolved = { scope: FeedScope; channel: FeedChannel };

/** The scope a feed address names, or null when there is no such category, writer or tag. */
async function resolve(db: Executor, language: Locale, scope: string | undefined, key: string | undefined): Promise<Resolved | null> {
  const messages = catalogFor(language);
  if (scope === undefined) {
    return {
      scope: { kind: "site" },
      channel: { language, title: messages.feedLatest, description: messages.homeDescription, pagePath: "/", feedBase: "/feeds" },
    };
  }
  if (key === undefined) return null;
  const base = `/feeds/${scope}/${key}`;
  if (scope === "category") {
    const category = await getCategoryBySlug(db, key, language);
    return {
      scope: { kind: "category", id: category.id },
      channel: {
        language,
        title: translate(language, "feedOf", { name: category.name }),
        description: category.description || category.name,
        pagePath: `/category/${category.slug}`,
        feedBase: base,
      },
    };
  }
  if (scope === "writer" && /^[1-9]\d{0,9}$/.test(key)) {
    const writer = await getWriter(db, Number(key), language);
    return {
      scope: { kind: "writer", id: writer.id },
      channel: {
        language,
        title: translate(language, "feedWriter", { name: writer.name }),
        description: writer.bio || writer.name,
        pagePath: `/writer/${writer.id}`,
        feedBase: base,
      },
    };
  }
  if (scope === "tag") {
    const tag = await getTagBySlug(db, key, language);
    const title = translate(language, "feedTag", { name: tag.name });
    return { scope: { kind: "tag", id: tag.id }, channel: { language, title, description: title, pagePath: `/tag/${tag.slug}`, feedBase: base } };
  }
  return null;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const site = siteInfo();
  const format = FORMATS[params.format];
  if (!format) return notFound(site);
  const db = await database();
  const language = pageLocale(request);
  const resolved = await resolve(db, language, params.scope, params.key).catch((error: unknown) => {
    if (namesNothing(error)) return null;
    throw error;
  });
  if (!resolved) return notFound(site);
  const items = await feedArticles(db, resolved.scope, FEED_SIZE, editionOf(language));
  const write = format === "rss" ? rssFeed : atomFeed;
  return xmlResponse(request, write(site, resolved.channel, items, new Date()), CONTENT_TYPES[format]);
}
