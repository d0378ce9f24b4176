import { useEffect, useState } from "react";
import { DocumentPages } from "./DocumentPages";
import { DocumentViewer } from "./DocumentViewer";
import { type ViewerDocument, pageFromHash } from "./document-view";

/**
 * The document page's pages: every picture in order as the server sends them (all a reader without
 * script gets), turned into the viewer once the browser has hydrated it, at the page the address
 * names (`#p=N`).
 */
export function DocumentReader({ document }: { document: ViewerDocument }) {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  if (!enhanced) return <DocumentPages pages={document.page_images} />;
  return <DocumentViewer document={document} initialPage={pageFromHash(window.location.hash, document.page_images.length) ?? 1} />;
}
