/**
 * The interface languages, their catalogs and where the language sits in a URL. The language is
 * always in the path, never in a cookie, so every page stays one cacheable, crawlable address:
 * unprefixed paths are in the default locale (DEFAULT_LOCALE), the other locale lives under its
 * prefix (/ne/…, /en/…).
 *
 * The server holds both catalogs. A browser loads only its page's (each is a chunk of its own,
 * 7 and 9 KB with Brotli), before the page hydrates (entry.client.tsx) and before a navigation into
 * the other language renders (root.tsx): a reader of one language never downloads the other's.
 */
import { formatMessage } from "./format-message";
import { LANGUAGES, type Language } from "./limits";
import { type Catalog, type MessageKey, en } from "./messages";
import { ne } from "./messages.ne";

export type Locale = Language;
export const LOCALES = LANGUAGES;
export type { Catalog };

// Only the server's bundle keeps these imports: in the browser's, the condition is false at build
// time and the catalogs are reached by loadCatalog's import() alone.
const loaded: Partial<Record<Locale, Catalog>> = import.meta.env.SSR ? { en, ne } : {};

const importers: Record<Locale, () => Promise<Catalog>> = {
  en: () => import("./messages").then((module) => module.en),
  ne: () => import("./messages.ne").then((module) => module.ne),
};

/** Makes `locale`'s catalog available to catalogFor (at once where it already is). */
export async function loadCatalog(locale: Locale): Promise<void> {
  loaded[locale] ??= await importers[locale]();
}

/**
 * The catalog of `locale`. In the browser, one that could not be loaded (a dropped connection
 * during a language switch) gives way to the one the page already has: an error page in the
 * other language rather than none.
 */
export function catalogFor(locale: Locale): Catalog {
  const catalog = loaded[locale] ?? Object.values(loaded)[0];
  if (!catalog) throw new Error(`The ${locale} catalog was used before it was loaded`);
  return catalog;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function translate(locale: Locale, key: MessageKey, values?: Record<string, string | number>): string {
  const template = catalogFor(locale)[key];
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
