import { useMessages } from "~/contexts/i18n";
import { Anchor } from "~/components/i18n/anchor";
import { SHARE_LINKS_ID, useCanonicalUrl, useShare } from "./share";

/**
 * Shares an article's canonical address; `path` is locale-free ('/article/x'). A link to the
 * article's share links, which is what it offers before its island is alive (or without scripts);
 * once it is, the phone's share sheet, or the address copied.
 */
export function ShareButton({ path, title, className = "" }: { path: string; title: string; className?: string }) {
  const messages = useMessages();
  const url = useCanonicalUrl(path);
  const share = useShare();
  return (
    <Anchor
      to={`${path}#${SHARE_LINKS_ID}`}
      aria-label={messages.share}
      title={messages.share}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        void share(url, title);
      }}
      className={`rounded-full p-2 text-neutral-600 hover:bg-neutral-100 hover:text-brand dark:text-neutral-300 dark:hover:bg-neutral-800 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
      </svg>
    </Anchor>
  );
}
