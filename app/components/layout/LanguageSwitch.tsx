// react-router's own Link: the target is already a full path in the other language.
import { Link } from "react-router";
import { useLanguageSwitch } from "~/components/i18n/router-i18n";

export function LanguageSwitch() {
  return useLanguageSwitch().map((link) => (
    <Link
      key={link.tag}
      to={link.href}
      lang={link.tag}
      hrefLang={link.tag}
      title={link.title}
      data-testid="language-switch"
      className="whitespace-nowrap rounded-full border border-neutral-300 px-2 py-1 text-xs font-semibold hover:border-brand hover:text-brand sm:px-3 sm:text-sm dark:border-neutral-700"
    >
      {link.name}
    </Link>
  ));
}
