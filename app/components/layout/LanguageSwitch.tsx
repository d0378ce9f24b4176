// react-router's own Link: the target is already a full path in the other language.
import { Link, useLocation } from "react-router";
import { useI18n } from "~/components/i18n/i18n";
import { LOCALE_TAGS, otherLocale, switchLocalePath, translate } from "~/lib/i18n";

/**
 * The same page in the other language, named in that language ('नेपाली' / 'English') so a reader
 * who cannot read the current one still finds it.
 */
export function LanguageSwitch() {
  const { locale, defaultLocale } = useI18n();
  const { pathname, search } = useLocation();
  const target = otherLocale(locale);
  const tag = LOCALE_TAGS[target];
  return (
    <Link
      to={switchLocalePath(pathname, search, target, defaultLocale)}
      lang={tag}
      hrefLang={tag}
      title={translate(target, "switchLanguageTitle")}
      data-testid="language-switch"
      className="whitespace-nowrap rounded-full border border-neutral-300 px-2 py-1 text-xs font-semibold hover:border-brand hover:text-brand sm:px-3 sm:text-sm dark:border-neutral-700"
    >
      {translate(target, "languageSelfName")}
    </Link>
  );
}
