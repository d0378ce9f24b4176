/**
 * The interface languages, their catalogs and where the language sits in a URL. The language is
 * always in the path, never in a cookie, so every page stays one cacheable, crawlable address:
 * unprefixed paths are in the default locale (DEFAULT_LOCALE), the other locale lives under its
 * prefix (/ne/…, /en/…). Both catalogs are small and ship together, so switching needs no fetch.
 */
import { formatMessage } from "./format-message";
import { languages } from "./languages";
import { LANGUAGES, type Language } from "./limits";
import type { Catalog, MessageKey } from "./messages";

export type Locale = Language;
export const LOCALES = LANGUAGES;
export type { Catalog };

export const catalogs: Record<Locale, Catalog> = { en: languages.en.catalog, ne: languages.ne.catalog };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function translate(locale: Locale, key: MessageKey, values?: Record<string, string | number>): string {
  const template = catalogs[locale][key];
  return values ? formatMessage(template, values) : template;
}

/** Paths that are the same in every language: the API, uploaded media, build assets (feeds and sitemaps are per edition). */
const UNLOCALIZED = /^\/(api|uploads|assets|build|favicon\.ico|robots\.txt)(\/|\.|$)/;

/**
 * Splits a path into its locale and the rest: '/ne/article/x' → ne, '/article/x'. A path without a
 * locale prefix is in the default locale. `prefixed` says whether the locale was written.
 */
export function splitLocalePath(
  pathname: string,
  defaultLocale: Locale,
): { locale: Locale; rest: string; prefixed: boolean } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLocale(match[1])) return { locale: match[1], rest: match[2] || "/", prefixed: true };
  return { locale: defaultLocale, rest: pathname, prefixed: false };
}

/** Where `path` (written without a locale, e.g. '/article/x?y=1') lives in `locale`. */
export function localizePath(path: string, locale: Locale, defaultLocale: Locale): string {
  if (!path.startsWith("/") || path.startsWith("//") || UNLOCALIZED.test(path)) return path;
  if (locale === defaultLocale) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

/** The same page in `target`: what the language switch and hreflang alternates link to. */
export function switchLocalePath(pathname: string, search: string, target: Locale, defaultLocale: Locale): string {
  const { rest } = splitLocalePath(pathname, defaultLocale);
  return localizePath(rest + search, target, defaultLocale);
}

/** The language the switch offers: the next one in LOCALES. */
export function otherLocale(locale: Locale): Locale {
  return LOCALES[(LOCALES.indexOf(locale) + 1) % LOCALES.length]!;
}

/** Picks the locale a client asked for in Accept-Language (the app sends its page's locale). */
export function localeFromAcceptLanguage(header: string | null, fallback: Locale): Locale {
  if (!header) return fallback;
  const first = header.split(",")[0]?.trim().slice(0, 2).toLowerCase();
  return isLocale(first) ? first : fallback;
}
