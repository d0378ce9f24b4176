import { DocumentViewer } from "./DocumentViewer";
import type { ViewerDocument } from "./document-view";

/**
 * The document page's pages (issue 38): the viewer, sent by the server at page 1 with every other
 * page's picture for a browser without script, and turned to the page the address names (`#p=N`)
 * once the browser has hydrated it.
 */
export function DocumentReader({ document }: { document: ViewerDocument }) {
  return <DocumentViewer document={document} initialPage={1} />;
}
