/**
 * The Atom feed of a live story's updates (issue 39), newest first: each update an entry at its
 * own address, with its whole body (addresses made absolute, as the site's feeds do), so a feed
 * reader follows a night's coverage without the page open.
 */
import { localizePath } from "~/lib/i18n";
import { liveFeedBase, updatePath } from "~/lib/live-address";
import { languageConfig } from "~/lib/languages";
import { liveUpdateDescription } from "~/lib/seo/json-ld";
import { LOGO, type SiteInfo, absoluteUrl } from "~/lib/seo/page-meta";
import type { LiveFeed } from "~/server/services/live-page";
import { absoluteHtml, articleUrl } from "./feeds";
import { XML_DECLARATION, element, emptyElement, textElement } from "./xml";

export function liveAtomFeed(site: SiteInfo, feed: LiveFeed, title: string, now: Date): string {
  const { story, live, updates } = feed;
  const language = languageConfig(story.language).tag;
  const selfUrl = absoluteUrl(site, localizePath(`${liveFeedBase(story.slug)}/atom.xml`, story.language, site.defaultLocale));
  const changed = (update: (typeof updates)[number]) => update.edited_at ?? update.published_at;
  const newest = [live.ended_at ?? live.started_at, ...updates.map(changed)].reduce((a, b) => (a > b ? a : b), "") || now.toISOString();
  const entry = (update: (typeof updates)[number]) => {
    const url = absoluteUrl(site, localizePath(updatePath(story.slug, update.id), story.language, site.defaultLocale));
    return element("entry", [
      textElement("title", update.headline || liveUpdateDescription(update)),
      emptyElement("link", { rel: "alternate", type: "text/html", href: url }),
      textElement("id", url),
      textElement("published", update.published_at),
      textElement("updated", changed(update)),
      ...(update.author ? [element("author", [textElement("name", update.author.name)])] : []),
      textElement("content", absoluteHtml(site, update.body), { type: "html" }),
    ]);
  };
  return (
    XML_DECLARATION +
    element(
      "feed",
      [
        textElement("title", title),
        emptyElement("link", { rel: "alternate", type: "text/html", href: articleUrl(site, story) }),
        emptyElement("link", { rel: "self", type: "application/atom+xml", href: selfUrl }),
        textElement("id", selfUrl),
        textElement("updated", newest),
        textElement("logo", absoluteUrl(site, LOGO.path)),
        ...updates.map(entry),
      ],
      { xmlns: "http://www.w3.org/2005/Atom", "xml:lang": language },
    )
  );
}
