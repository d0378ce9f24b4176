/**
 * The interface languages, their catalogs and where the language sits in a URL. The language is
 * always in the path, never in a cookie, so every page stays one cacheable, crawlable address:
 * unprefixed paths are in the default locale (DEFAULT_LOCALE), every other locale lives under its
 * prefix (/ne/…, /en/…, /mai/…).
 *
 * Each language's config says how to load its catalog (lib/languages). The server holds them all,
 * loaded before its first page. A browser loads only its page's (each is a chunk of its own, 7 and
 * 9 KB with Brotli), with the catalog its language falls back to, before the page hydrates
 * (entry.client.tsx) and before a navigation into another language renders (root.tsx): a reader of
 * one language never downloads another's it does not need.
 */
import { formatMessage } from "./format-message";
import { catalogChain, languageConfig } from "./languages";
import { LANGUAGES, type Language } from "./limits";
import type { Catalog, MessageKey } from "./messages";

export type Locale = Language;
export const LOCALES = LANGUAGES;
export type { Catalog };

const loaded = new Map<Locale, Catalog>();

/**
 * Makes `locale`'s catalog available to catalogFor (at once where it already is). `reader`: only
 * the texts the reader site's islands show (a language config's `readerMessages`), for a reader
 * page, whose script uses no other.
 */
export async function loadCatalog(locale: Locale, texts: "whole" | "reader" = "whole"): Promise<void> {
  if (loaded.has(locale)) return;
  const chain = catalogChain(locale);
  const catalogs = await Promise.all(
    chain.map((language) => {
      const config = languageConfig(language);
      return texts === "reader" && config.readerMessages ? config.readerMessages() : config.messages();
    }),
  );
  // The language's own texts over those of the languages it falls back to, the nearest last.
  loaded.set(locale, Object.assign({}, ...catalogs.reverse()) as Catalog);
}

/**
 * The texts a language's pages would lack: those another language's catalog has and neither its own
 * nor those it falls back to have (a catalog left partial without a `fallback` in its config).
 */
export function missingTexts(locale: Locale): string[] {
  const own = new Set(Object.keys(catalogFor(locale)));
  const every = new Set([...loaded.values()].flatMap((catalog) => Object.keys(catalog)));
  return [...every].filter((key) => !own.has(key));
}

// The server holds every catalog before it renders a page: top-level await, in its bundle alone
// (in the browser's the condition is false at build time, and catalogs are loaded as pages need
// them). A language whose pages would lack texts stops the start, naming them.
if (import.meta.env.SSR) {
  await Promise.all(LOCALES.map((locale) => loadCatalog(locale)));
  for (const locale of LOCALES) {
    const missing = missingTexts(locale);
    if (missing.length > 0) {
      throw new Error(`The ${locale} catalog lacks ${missing.length} texts (${missing.slice(0, 5).join(", ")}…): add them, or give its config a fallback language`);
    }
  }
}

/**
 * The catalog of `locale`. In the browser, one that could not be loaded (a dropped connection
 * during a language switch) gives way to the one the page already has: an error page in the
 * other language rather than none.
 */
export function catalogFor(locale: Locale): Catalog {
  const catalog = loaded.get(locale) ?? loaded.values().next().value;
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
  const match = /^\/([a-z]{2,3})(?=\/|$)(.*)$/.exec(pathname);
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

/** Every language but `locale`, in order: what the language switch offers. */
export function otherLocales(locale: Locale): Locale[] {
  return LOCALES.filter((other) => other !== locale);
}

/**
 * Picks the locale a client asked for in Accept-Language (the app sends its page's locale): the
 * first language range's primary subtag, of any length ('ne-NP' → ne, 'mai' → mai).
 */
export function localeFromAcceptLanguage(header: string | null, fallback: Locale): Locale {
  if (!header) return fallback;
  const first = header.split(",")[0]?.split(";")[0]?.trim().split("-")[0]?.toLowerCase();
  return isLocale(first) ? first : fallback;
}
