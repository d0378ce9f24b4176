/**
 * A story's documents open where they are (issue 38). The cards are plain HTML that no script runs
 * for, and a story with them costs its reader nothing: this listener is part of the islands' code
 * that every reader page loads, and the viewer's code (components/documents, a chunk of its own,
 * vite.config.ts) and the document's pages are fetched only when a reader opens one. Should
 * either fail, the card's link leads to the document's own page.
 */
import type { IslandPage } from "~/islands/page";
import type { PublicDocumentJson } from "~/lib/api-types";

export const EMBED_ATTRIBUTE = "data-document-embed";
export const OPEN_ATTRIBUTE = "data-document-open";

export function openDocumentsInPlace(page: () => IslandPage): void {
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest(`a[${OPEN_ATTRIBUTE}]`) : null;
    const embed = link?.closest(`[${EMBED_ATTRIBUTE}]`);
    if (!(link instanceof HTMLAnchorElement) || !(embed instanceof HTMLElement)) return;
    // Before the links followed in place (islands/navigation.ts), which leave a link already handled.
    event.preventDefault();
    void open(embed, link, page());
  });
}

async function open(embed: HTMLElement, link: HTMLAnchorElement, page: IslandPage) {
  link.setAttribute("aria-busy", "true");
  try {
    // Anonymous, as any reader: a signed-in editor's answer is the newsroom's, without the pages.
    const [{ mountEmbeddedViewer }, response] = await Promise.all([
      import("~/components/documents/embedded-viewer"),
      fetch(`/api/documents/${encodeURIComponent(link.getAttribute(OPEN_ATTRIBUTE) ?? "")}`, { credentials: "omit", headers: { Accept: "application/json" } }),
    ]);
    if (!response.ok) throw new Error(`document ${response.status}`);
    const document = (await response.json()) as { document: PublicDocumentJson };
    if (document.document.page_images.length === 0) throw new Error("document without pages");
    mountEmbeddedViewer(embed, link, document.document, page);
  } catch {
    window.location.assign(link.href);
  } finally {
    link.removeAttribute("aria-busy");
  }
}
