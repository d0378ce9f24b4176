import { createContext, useContext } from "react";
import { CRITICAL_CSS_MARKER, READER_STYLESHEET_ATTRIBUTE } from "~/lib/island-markers";
import { STYLESHEET_SWAP_SCRIPT } from "~/lib/stylesheet-swap-script";

/**
 * Reader pages carry the rules they use in the page (issue 14: on a phone's network a linked sheet
 * is a further round trip before anything paints) and link the whole sheet without waiting for it
 * (issue 41: the rest of it no longer rides in every page). The server's entry (entry.server.tsx)
 * writes the page's rules in place of the marker once the page is rendered, and hands in the whole
 * sheet's text for pages that carry it all; neither ever ships in a script. The back office links
 * the whole app.css instead (root.tsx).
 */
const ReaderStylesheetContext = createContext("");

export const ReaderStylesheetProvider = ReaderStylesheetContext.Provider;

/**
 * `whole`: the page carries the entire sheet and links none, as before issue 41. The tip line's
 * pages do: each inline style they hold must be one the build lists (vite-plugins/tips-manifest.ts),
 * and a page's own selection of rules is not.
 */
export function ReaderStylesheet({ href, whole }: { href: string; whole: boolean }) {
  const wholeSheet = useContext(ReaderStylesheetContext);
  if (whole) return <style dangerouslySetInnerHTML={{ __html: wholeSheet }} />;
  return (
    <>
      <style dangerouslySetInnerHTML={{ __html: CRITICAL_CSS_MARKER }} />
      <link rel="stylesheet" href={href} media="print" {...{ [READER_STYLESHEET_ATTRIBUTE]: "" }} />
      <script dangerouslySetInnerHTML={{ __html: STYLESHEET_SWAP_SCRIPT }} />
      <noscript>
        <link rel="stylesheet" href={href} />
      </noscript>
    </>
  );
}
