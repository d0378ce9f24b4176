/**
 * What every island of a page needs to know about the page, written once in it by the server
 * (IslandScripts) and read by the browser before the islands hydrate (islands.client.tsx). The
 * ids and attributes that mark it in the page are in lib/island-markers.ts, which the inline
 * scripts and the Content Security Policy's list share.
 */
import type { SiteUrls } from "~/contexts/site-urls";
import type { Locale } from "~/lib/i18n";

export interface IslandPage {
  locale: Locale;
  defaultLocale: Locale;
  urls: SiteUrls;
}

/** The islands entry, and the chunks to fetch beside it rather than after it. */
export interface IslandScriptList {
  entry: string;
  preload: string[];
}
