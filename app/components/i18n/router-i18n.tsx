/**
 * The interface language read from the router's URL on every render, so that a client-side
 * navigation to /ne/… switches the whole interface without a reload or a fetch.
 */
import { useLocation } from "react-router";
import { type Locale, otherLocales, splitLocalePath, switchLocalePath } from "~/lib/i18n";
import { languageConfig } from "~/lib/languages";
import { LocaleProvider, useI18n } from "~/contexts/i18n";

/** The language of the router's current URL. */
export function I18nProvider({ defaultLocale, children }: { defaultLocale: Locale; children: React.ReactNode }) {
  const { pathname } = useLocation();
  return (
    <LocaleProvider locale={splitLocalePath(pathname, defaultLocale).locale} defaultLocale={defaultLocale}>
      {children}
    </LocaleProvider>
  );
}

/** A link of the language switch. */
export interface LanguageSwitchLink {
  href: string;
  tag: string;
  name: string;
  title: string;
}

/**
 * The language switch's links: the same page (path and query) in each other language, in order,
 * each named in its own language ('नेपाली' / 'English') so a reader who cannot read the current one
 * still finds theirs. With two languages, one link.
 */
export function useLanguageSwitch(): LanguageSwitchLink[] {
  const { locale, defaultLocale } = useI18n();
  const { pathname, search } = useLocation();
  return otherLocales(locale).map((target) => ({
    href: switchLocalePath(pathname, search, target, defaultLocale),
    tag: languageConfig(target).tag,
    name: languageConfig(target).selfName,
    title: languageConfig(target).switchTitle,
  }));
}
