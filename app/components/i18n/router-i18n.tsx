/**
 * The interface language read from the router's URL on every render, so that a client-side
 * navigation to /ne/… switches the whole interface without a reload or a fetch.
 */
import { useLocation } from "react-router";
import { type Locale, otherLocale, splitLocalePath, switchLocalePath } from "~/lib/i18n";
import { languageConfig } from "~/lib/languages";
import { LocaleProvider, useI18n } from "./i18n";

/** The language of the router's current URL. */
export function I18nProvider({ defaultLocale, children }: { defaultLocale: Locale; children: React.ReactNode }) {
  const { pathname } = useLocation();
  return (
    <LocaleProvider locale={splitLocalePath(pathname, defaultLocale).locale} defaultLocale={defaultLocale}>
      {children}
    </LocaleProvider>
  );
}

/**
 * The language switch's link: the same page (path and query) in the other language, named in
 * that language ('नेपाली' / 'English') so a reader who cannot read the current one still finds it.
 */
export function useLanguageSwitch(): { href: string; tag: string; name: string; title: string } {
  const { locale, defaultLocale } = useI18n();
  const { pathname, search } = useLocation();
  const target = otherLocale(locale);
  return {
    href: switchLocalePath(pathname, search, target, defaultLocale),
    tag: languageConfig(target).tag,
    name: languageConfig(target).selfName,
    title: languageConfig(target).switchTitle,
  };
}
