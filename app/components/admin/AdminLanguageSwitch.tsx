import { useLanguageSwitch } from "~/components/i18n/router-i18n";

/** The back office's language switch. A full load: the admin frame and its data start afresh. */
export function AdminLanguageSwitch({ className = "" }: { className?: string }) {
  return useLanguageSwitch().map((link) => (
    <a
      key={link.tag}
      href={link.href}
      lang={link.tag}
      hrefLang={link.tag}
      title={link.title}
      className={`inline-flex shrink-0 items-center gap-1 rounded-md border border-neutral-700 px-2 py-1 text-xs font-medium text-neutral-200 hover:bg-neutral-800 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9s1.3-6.4 3.8-9z" />
      </svg>
      {link.name}
    </a>
  ));
}
