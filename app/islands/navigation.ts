/**
 * docs/product.md#the-frame-of-every-page: internal links navigate client-side, with a route loading indicator shown for at least
 * 500 ms. Reader pages have no router in the browser, so a link to another reader page is followed
 * by fetching that page's HTML (usually straight from the server's page cache), putting its
 * <body> and head tags in place of this one's, and hydrating its islands. Anything that is not a
 * reader page (the back office, the tip line, feeds, files), or an answer that is not one, is left
 * to the browser: a whole page load.
 */
import { ISLAND_PAGE_ID, MAIN_CONTENT_ID } from "~/lib/island-markers";

/** Sent on window once another page is in place, before its islands hydrate: per-page state ends. */
export const PAGE_CHANGE_EVENT = "islands:page";

/** docs/product.md#limits-and-constants: the route loading indicator shows for at least 500 ms once a navigation starts. */
export const ROUTE_SPINNER_MS = 500;

/** Paths the browser loads whole: not reader pages, or (the tip line) pages that must set their own headers. */
const WHOLE_LOAD = /^(?:\/(?:ne|en))?\/(?:admin|tips|api|feeds|sitemap|uploads|assets)(?:[/.]|$)|\.[a-z0-9]+$/i;

/** Head tags that belong to one page; the stylesheet, fonts and scripts are the same on every reader page. */
const PAGE_HEAD = 'title, meta[name], meta[property], link[rel="canonical"], link[rel="alternate"], script[type="application/ld+json"]';

interface Page {
  /** Puts the fetched page in place of this one and hydrates its islands. */
  show(next: Document): Promise<void>;
  /** The indicator's accessible name, in the page's language. */
  loadingLabel(): string;
}

interface Entry {
  scrollY?: number;
  /** Made by a link followed in place: going back stays on this site. */
  inPlace?: boolean;
}

/** Whether this history entry was made by a link followed in place (BackButton). */
export function arrivedInPlace(): boolean {
  return (window.history.state as Entry | null)?.inPlace === true;
}

export function followLinksInPlace(page: Page): void {
  window.history.scrollRestoration = "manual";
  let latest = 0;
  /** The address (path and query) of the page on screen. */
  let shown = window.location.pathname + window.location.search;

  const remember = () => window.history.replaceState({ ...(window.history.state as Entry | null), scrollY: window.scrollY } satisfies Entry, "");

  async function go(url: URL, how: "push" | "pop") {
    const id = (latest += 1);
    const indicator = showIndicator(page.loadingLabel());
    try {
      const response = await fetch(url, { headers: { Accept: "text/html" } });
      const next = new DOMParser().parseFromString(await response.text(), "text/html");
      if (id !== latest) return;
      if (!next.getElementById(ISLAND_PAGE_ID)) {
        window.location.assign(url);
        return;
      }
      const address = new URL(response.url);
      address.hash = url.hash;
      if (how === "push") window.history.pushState({ inPlace: true } satisfies Entry, "", address);
      shown = window.location.pathname + window.location.search;
      replaceHead(next);
      await page.show(next);
      const saved = how === "pop" ? (window.history.state as Entry | null)?.scrollY : undefined;
      const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
      if (saved !== undefined) window.scrollTo(0, saved);
      else if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
      if (!target) arrive();
    } catch {
      // Offline, or the answer could not be read: the browser says so in its own way.
      window.location.assign(url);
    } finally {
      indicator.hide();
    }
  }

  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin || WHOLE_LOAD.test(url.pathname)) return;
    // A link to a place on this page is the browser's.
    if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
    event.preventDefault();
    remember();
    void go(url, "push");
  });
  window.addEventListener("popstate", () => {
    // A link to a place on the page (the skip link) makes a history entry too: the page is the same.
    if (window.location.pathname + window.location.search === shown) return;
    void go(new URL(window.location.href), "pop");
  });
}

/**
 * What a page load does for a reader who cannot see the screen change: the link they followed is
 * gone, so focus moves to the new page's content (where the skip link leads), and its title is
 * read out, as it would be on arrival. A live region is only heard when its text changes after it
 * is in the page, hence the text set a frame later.
 */
function arrive() {
  document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  const announcer = document.createElement("p");
  announcer.setAttribute("role", "status");
  announcer.className = "sr-only";
  document.body.append(announcer);
  requestAnimationFrame(() => (announcer.textContent = document.title));
}

function replaceHead(next: Document) {
  for (const tag of document.head.querySelectorAll(PAGE_HEAD)) tag.remove();
  for (const tag of next.head.querySelectorAll(PAGE_HEAD)) document.head.append(document.adoptNode(tag));
  document.documentElement.lang = next.documentElement.lang;
}

/** The route loading indicator's bar and the part that runs along it (RouteProgress draws the same). */
export const INDICATOR_CLASS = "fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand/20";
export const INDICATOR_RUNNER_CLASS = "h-full w-1/3 animate-[route-progress_1s_ease-in-out_infinite] bg-brand motion-reduce:animate-none";

/** The route loading indicator (the back office's is RouteProgress): a bar along the top. */
function showIndicator(label: string): { hide(): void } {
  const shownAt = Date.now();
  const bar = document.createElement("div");
  bar.setAttribute("role", "progressbar");
  bar.setAttribute("aria-label", label);
  bar.className = INDICATOR_CLASS;
  const runner = document.createElement("div");
  runner.className = INDICATOR_RUNNER_CLASS;
  bar.append(runner);
  document.documentElement.append(bar);
  return { hide: () => setTimeout(() => bar.remove(), Math.max(0, shownAt + ROUTE_SPINNER_MS - Date.now())) };
}
