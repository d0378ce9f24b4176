/**
 * The page's interface language, for components. It is read from the URL on every render, so a
 * client-side navigation to /ne/… switches the whole interface without a reload or a fetch.
 */
import { createContext, useContext, useMemo } from "react";
import { useLocation } from "react-router";
import {
  type Catalog,
  type Locale,
  catalogFor,
  localizePath,
  otherLocale,
  splitLocalePath,
  switchLocalePath,
  translate,
} from "~/lib/i18n";
import type { MessageKey } from "~/lib/messages";
import { type LanguageConfig, languages } from "~/lib/languages";

interface I18n {
  locale: Locale;
  defaultLocale: Locale;
}

const I18nContext = createContext<I18n>({ locale: "en", defaultLocale: "en" });

export function I18nProvider({ defaultLocale, children }: { defaultLocale: Locale; children: React.ReactNode }) {
  const { pathname } = useLocation();
  const { locale } = splitLocalePath(pathname, defaultLocale);
  const value = useMemo(() => ({ locale, defaultLocale }), [locale, defaultLocale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  return useContext(I18nContext);
}

export function useLocale(): Locale {
  return useContext(I18nContext).locale;
}

/** The catalog of the page's language: `const messages = useMessages()` then `messages.key`. */
export function useMessages(): Catalog {
  return catalogFor(useContext(I18nContext).locale);
}

/** A catalog message with its `{slots}` filled, in the page's language. */
export function useTranslate(): (key: MessageKey, values?: Record<string, string | number>) => string {
  const { locale } = useContext(I18nContext);
  return (key, values) => translate(locale, key, values);
}

/** Turns a locale-free path ('/article/x') into the page's language ('/ne/article/x'). */
export function useLocalizePath(): (path: string) => string {
  const { locale, defaultLocale } = useContext(I18nContext);
  return (path) => localizePath(path, locale, defaultLocale);
}

/**
 * A card date in the page's language: 'Nov 22, 2026' in English (SPEC 9), the Bikram Sambat
 * 'मंसिर ६, २०८३' in Nepali. Both are computed in Nepal time, so server and browser agree.
 */
export function useFormatDate(): (iso: string) => string {
  return languages[useContext(I18nContext).locale].formatCardDate;
}

/** Numbers in the page's digits: Devanagari in Nepali. */
export function useFormatNumber(): (value: number | string) => string {
  return languages[useContext(I18nContext).locale].formatNumber;
}

/** The page's language's way with dates, numbers and the clock (lib/languages). */
export function useLanguage(): LanguageConfig {
  return languages[useContext(I18nContext).locale];
}

/**
 * The language switch's link: the same page (path and query) in the other language, named in
 * that language ('नेपाली' / 'English') so a reader who cannot read the current one still finds it.
 */
export function useLanguageSwitch(): { href: string; tag: string; name: string; title: string } {
  const { locale, defaultLocale } = useContext(I18nContext);
  const { pathname, search } = useLocation();
  const target = otherLocale(locale);
  return {
    href: switchLocalePath(pathname, search, target, defaultLocale),
    tag: languages[target].tag,
    name: languages[target].selfName,
    title: languages[target].switchTitle,
  };
}
