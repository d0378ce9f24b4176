import { useEffect, useRef, useState } from "react";
import { useLocalizePath, useMessages } from "~/contexts/i18n";
import { Anchor } from "~/components/i18n/anchor";
import { arrivedInPlace } from "~/islands/navigation";

/** docs/product.md#limits-and-constants: the back button shows its spinner for 500 ms before it leaves. */
const BACK_SPINNER_MS = 500;

/**
 * Whether going back stays on this site: the page was shown in place by a link of ours, or loaded
 * whole from one of our pages in this tab (a same-origin referrer, and somewhere to go back to).
 */
function cameFromThisSite(): boolean {
  if (arrivedInPlace()) return true;
  if (!document.referrer || window.history.length < 2) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * docs/product.md#article: back to the previous page when it was one of ours, else home. It is a link home, so it
 * works before the script has loaded.
 */
export function BackButton() {
  const messages = useMessages();
  const localize = useLocalizePath();
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    // Coming forward again to this page restores it as it was left (the back-forward cache), spinner and all.
    const shown = (event: PageTransitionEvent) => event.persisted && setLeaving(false);
    window.addEventListener("pageshow", shown);
    return () => {
      clearTimeout(timer.current);
      window.removeEventListener("pageshow", shown);
    };
  }, []);

  return (
    <>
      <Anchor
        to="/"
        aria-busy={leaving}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          if (leaving) return;
          setLeaving(true);
          const back = cameFromThisSite();
          timer.current = setTimeout(() => {
            if (back) window.history.back();
            else window.location.assign(localize("/"));
          }, BACK_SPINNER_MS);
        }}
        className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full pl-2 pr-3 text-sm font-semibold text-neutral-700 hover:bg-neutral-100 hover:text-brand dark:text-neutral-200 dark:hover:bg-neutral-800"
      >
        {leaving ? (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 animate-spin motion-reduce:animate-none" fill="none">
            <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
            <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
        ) : (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M15 18l-6-6 6-6" />
          </svg>
        )}
        {messages.back}
      </Anchor>
      <span role="status" className="sr-only">
        {leaving ? messages.goingBack : ""}
      </span>
    </>
  );
}
