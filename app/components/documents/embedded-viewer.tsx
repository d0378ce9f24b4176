/**
 * The viewer inside a story, mounted when a reader opens a document's card (open-embeds.ts): its
 * own React root beside the card, which it hides until the reader closes it. Another page shown in
 * place (islands/navigation.ts) ends it with the page.
 */
import { createRoot } from "react-dom/client";
import type { PublicDocumentJson } from "~/lib/api-types";
import { IslandRoot } from "~/islands/IslandRoot";
import { PAGE_CHANGE_EVENT } from "~/islands/navigation";
import type { IslandPage } from "~/islands/page";
import { DocumentViewer } from "./DocumentViewer";
import { viewerDocumentOf } from "./document-view";
import type { Language } from "~/lib/limits";

export function mountEmbeddedViewer(embed: HTMLElement, link: HTMLAnchorElement, document: PublicDocumentJson, page: IslandPage): void {
  const card = embed.firstElementChild as HTMLElement;
  // The title as the card showed it, in the story's language where there is one.
  const heading = card.querySelector("h3");
  const title = heading?.textContent ? { text: heading.textContent, language: heading.lang as Language } : null;
  const container = window.document.createElement("div");
  embed.append(container);
  const root = createRoot(container);
  const close = () => {
    window.removeEventListener(PAGE_CHANGE_EVENT, end);
    root.unmount();
    container.remove();
    card.hidden = false;
    link.focus();
  };
  const end = () => root.unmount();
  window.addEventListener(PAGE_CHANGE_EVENT, end, { once: true });
  card.hidden = true;
  root.render(
    <IslandRoot page={page}>
      <DocumentViewer document={viewerDocumentOf(document)} initialPage={1} embedded title={title} onClose={close} />
    </IslandRoot>,
  );
}
