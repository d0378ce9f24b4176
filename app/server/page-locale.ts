import { type Locale, splitLocalePath } from "~/lib/i18n";
import { config } from "./config";

/** The interface language of a page request: the one its URL is in. */
export function pageLocale(request: Request): Locale {
  return splitLocalePath(new URL(request.url).pathname, config().defaultLocale).locale;
}
