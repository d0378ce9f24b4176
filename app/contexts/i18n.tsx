/**
 * The page's interface language, for components: told by the router's URL on pages React Router
 * hydrates (router-i18n.tsx), or by the page to an island (islands/IslandRoot.tsx). Nothing here
 * imports the router, which reader pages do not load.
 */
import { createContext, useContext, useMemo } from "react";
import { type Catalog, type Locale, catalogFor, localizePath, translate } from "~/lib/i18n";
import type { MessageKey } from "~/lib/messages";
import { type LanguageConfig, languageConfig } from "~/lib/languages";

export interface I18n {
  locale: Locale;
  defaultLocale: Locale;
}

const I18nContext = createContext<I18n>({ locale: "en", defaultLocale: "en" });

/** The language given: by the router's URL (router-i18n.tsx) or, to an island, by its page. */
export function LocaleProvider({ locale, defaultLocale, children }: I18n & { children: React.ReactNode }) {
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
 * A card date in the page's language: 'Nov 22, 2026' in English (docs/product.md#limits-and-constants), the Bikram Sambat
 * 'मंसिर ६, २०८३' in Nepali. Both are computed in Nepal time, so server and browser agree.
 */
export function useFormatDate(): (iso: string) => string {
  return languageConfig(useContext(I18nContext).locale).formatCardDate;
}

/** Numbers in the page's digits: Devanagari in Nepali. */
export function useFormatNumber(): (value: number | string) => string {
  return languageConfig(useContext(I18nContext).locale).formatNumber;
}

/** The page's language's way with dates, numbers and the clock (lib/languages). */
export function useLanguage(): LanguageConfig {
  return languageConfig(useContext(I18nContext).locale);
}
