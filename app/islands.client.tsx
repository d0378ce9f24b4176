/**
 * The browser's start on a reader page: the page is server-rendered HTML, and only its islands
 * (app/islands) hydrate, each as its own React root, with the props the server rendered it with.
 * React Router does not run here: a link to another reader page fetches its HTML and puts it in
 * place of this one (islands/navigation.ts), and its islands hydrate in turn. Once every island of
 * the page has hydrated, the taps kept while they were not (lib/keep-taps-script.ts) are
 * replayed, and <html> says so (`data-islands="ready"`), for tests.
 */
import type { ComponentType } from "react";
import { flushSync } from "react-dom";
import { type Root, hydrateRoot } from "react-dom/client";
import { catalogFor, loadCatalog } from "./lib/i18n";
import { islandLoaders } from "./island-loaders";
import type { IslandName } from "./islands/names";
import { IslandRoot } from "./islands/IslandRoot";
import type { IslandPage } from "./islands/page";
import { ISLAND_ALIVE_ATTRIBUTE, ISLAND_PAGE_ID } from "./lib/island-markers";
import { keepImagesWhole } from "./islands/broken-images";
import { showRelativeTimes } from "./islands/relative-times";
import { PAGE_CHANGE_EVENT, followLinksInPlace } from "./islands/navigation";
import { handBack, typedValues } from "./islands/typed-values";
import { replayKeptTaps } from "./islands/kept-taps";
import { openDocumentsInPlace } from "./components/document-embeds/open-embeds";
import { readerStylesheetApplied } from "./islands/reader-stylesheet";

const pageOf = (document: Document) => JSON.parse(document.getElementById(ISLAND_PAGE_ID)?.textContent ?? "null") as IslandPage;

let page = pageOf(document);
let roots: Root[] = [];

async function hydrate(element: HTMLElement): Promise<Root | null> {
  const load = islandLoaders[element.dataset.island as IslandName];
  if (!load) return null;
  const Component = (await load()) as ComponentType<Record<string, unknown>>;
  const props = JSON.parse(element.dataset.props ?? "{}") as Record<string, unknown>;
  const typed = typedValues(element);
  let root: Root | null = null;
  await new Promise<void>((hydrated) => {
    root = hydrateRoot(
      element,
      <IslandRoot page={page} onHydrated={hydrated}>
        <Component {...props} />
      </IslandRoot>,
      { identifierPrefix: element.dataset.islandId },
    );
  });
  element.setAttribute(ISLAND_ALIVE_ATTRIBUTE, "");
  // Rendered at once, so that a tap kept for this island is replayed on the fields as typed.
  flushSync(() => handBack(typed));
  return root;
}

async function hydrateIslands() {
  await loadCatalog(page.locale, "reader");
  const hydrated = await Promise.all([...document.querySelectorAll<HTMLElement>("[data-island]")].map(hydrate));
  roots = hydrated.filter((root) => root !== null);
  replayKeptTaps();
  document.documentElement.dataset.islands = "ready";
}

/** Another reader page in place of this one: this page's islands end, the next page's hydrate. */
async function show(next: Document) {
  const nextPage = pageOf(next);
  // The next page's texts first (another language's, when the reader switches): its islands hydrate as soon as it shows.
  await loadCatalog(nextPage.locale, "reader");
  delete document.documentElement.dataset.islands;
  for (const root of roots) root.unmount();
  roots = [];
  page = nextPage;
  document.body.replaceWith(document.adoptNode(next.body));
  window.dispatchEvent(new Event(PAGE_CHANGE_EVENT));
  await hydrateIslands();
}

/**
 * Started once this file has run to its end, not awaited at its top level: the islands' code is
 * bundled into this file after it, and a top-level await would pause the file before that code
 * has been defined.
 */
async function start() {
  keepImagesWhole();
  void loadCatalog(page.locale, "reader").then(() => showRelativeTimes(() => page.locale));
  // First: a story's document opens where it is, not as a page followed in place.
  openDocumentsInPlace(() => page);
  followLinksInPlace({ show, loadingLabel: () => catalogFor(page.locale).loading });
  await readerStylesheetApplied();
  await hydrateIslands();
}

void start();
