import { type Locale, localizePath, splitLocalePath } from "~/lib/i18n";
import { config } from "../platform/config";

/** The interface language of a page request: the one its URL is in. */
export function pageLocale(request: Request): Locale {
  return splitLocalePath(new URL(request.url).pathname, config().defaultLocale).locale;
}

/** `path` (written without a language, '/admin/dashboard') in the language of `request`'s page. */
export function localizedFor(request: Request, path: string): string {
  return localizePath(path, pageLocale(request), config().defaultLocale);
}
