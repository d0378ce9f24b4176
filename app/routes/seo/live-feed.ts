/**
 * GET /feeds/live/{slug}/atom.xml: the Atom feed of a live story's updates (issue 39), linked from
 * its page. A story that is not published, or never was live, has none (404).
 */
import { translate } from "~/lib/i18n";
import { namesNothing } from "~/server/errors";
import { database } from "~/server/process/runtime";
import { FEED_SIZE } from "~/server/seo/feeds";
import { liveAtomFeed } from "~/server/seo/live-feed";
import { notFound, siteInfo } from "~/server/seo/site";
import { xmlResponse } from "~/server/seo/xml";
import { liveFeedOf } from "~/server/services/live-page";
import type { Route } from "./+types/live-feed";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

export async function loader({ params, request }: Route.LoaderArgs) {
  const site = siteInfo();
  const db = await database();
  const feed = await liveFeedOf(db, params.slug, FEED_SIZE).catch((error: unknown) => {
    if (namesNothing(error)) return null;
    throw error;
  });
  if (!feed) return notFound(site);
  const title = translate(feed.story.language, "liveFeed", { title: feed.story.title });
  return xmlResponse(request, liveAtomFeed(site, feed, title, new Date()), "application/atom+xml");
}
