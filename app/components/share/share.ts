import { useLocalizePath, useMessages, useTranslate } from "~/contexts/i18n";
import { useNotify } from "~/components/notifications/notifications";
import { useSiteUrls } from "~/contexts/site-urls";

/** The id of an article's share links (ShareLinks), where Share leads before its island is alive. */
export const SHARE_LINKS_ID = "share";

/** Plain share links: no share SDK, no third-party request until the reader clicks. */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    twitter: `https://twitter.com/intent/tweet?url=${u}&text=${t}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
  };
}

/**
 * The canonical address of a locale-free path in this page's language, on the configured public
 * origin (site-urls.ts), never on whatever host the page happens to be served from.
 */
export function useCanonicalUrl(path: string): string {
  const localize = useLocalizePath();
  const { publicUrl } = useSiteUrls();
  const base = publicUrl ?? (typeof window === "undefined" ? "http://localhost" : window.location.origin);
  return new URL(localize(path), `${base}/`).href;
}

/**
 * Shares with the Web Share API where there is one; else copies the link and says so in a
 * notification (role=status, so screen readers hear it). docs/product.md#messages-and-notifications: 'Link copied to clipboard!'.
 */
export function useShare(): (url: string, title: string) => Promise<void> {
  const messages = useMessages();
  const translate = useTranslate();
  const notify = useNotify();
  return async (url, title) => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ url, title });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notify(messages.linkCopied);
    } catch {
      notify(translate("linkCopyFailed", { url }), "error");
    }
  };
}
