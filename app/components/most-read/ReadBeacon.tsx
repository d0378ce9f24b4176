import { useEffect } from "react";
import { PREVIEW_PARAM } from "~/lib/preview";

/**
 * Tells the server this story was read (issue 15's "Most read"): one beacon per story opened, sent
 * from the page after it loads, so the page itself stays the same for everyone and cacheable. An
 * editor's preview is not a read.
 */
export function ReadBeacon({ articleId }: { articleId: number }) {
  useEffect(() => {
    const preview = new URLSearchParams(window.location.search).has(PREVIEW_PARAM);
    if (preview || typeof navigator.sendBeacon !== "function") return;
    navigator.sendBeacon(`/api/reads?article_id=${articleId}`);
  }, [articleId]);
  return null;
}
