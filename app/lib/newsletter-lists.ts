/** How a newsletter list is named to a reader (issue 40): an edition by its language, a topic by its name in the page's language. */
import { formatMessage } from "./format-message";
import type { Catalog, Locale } from "./i18n";
import { languageNameIn } from "./language-names";
import type { LanguageTexts } from "./language-texts";

/** Where a subscriber stands: signed up and not yet confirmed, confirmed, or gone from every list. */
export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "left"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** A list as the pages offer it: its code ("ne", "topic:elections") and what it is. */
export type OfferedList = { list: string; kind: "edition"; language: string } | { list: string; kind: "topic"; names: LanguageTexts };

/** A topic list as the back office shows it: its list's code, names, and how many are on it. */
export interface NewsletterTopic {
  id: number;
  slug: string;
  list: string;
  names: LanguageTexts;
  subscribers: number;
}

export function listLabel(messages: Catalog, locale: Locale, entry: OfferedList): string {
  if (entry.kind === "edition") return formatMessage(messages.newsletterEditionList, { language: languageNameIn(messages, entry.language) });
  return entry.names[locale] ?? Object.values(entry.names).find(Boolean) ?? entry.list;
}
