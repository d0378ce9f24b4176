/**
 * The ids and attributes by which a reader page's islands, its inline scripts and the server find
 * each other in the page. Plain strings in the shared ground, so that the inline scripts (which
 * the Content Security Policy's list vouches for, lib/fixed-inline-scripts.ts) need nothing of the
 * islands.
 */

/** The id of the page's `<script type="application/json">` that holds its IslandPage (islands/page.ts). */
export const ISLAND_PAGE_ID = "island-page";

/** The id of the `<script type="application/json">` that lists the islands' scripts (IslandScripts). */
export const ISLAND_SCRIPTS_ID = "island-scripts";

/** The id of a reader page's `<main>`: where the skip link leads, and focus after a page shown in place. */
export const MAIN_CONTENT_ID = "main";

/** Marks an island once it has hydrated: from then on its controls answer taps themselves. */
export const ISLAND_ALIVE_ATTRIBUTE = "data-island-alive";

/**
 * Marks a form with a `method` that the browser sends only when scripts are off: with them on, its
 * island sends it (the tip line seals it first), so a sending before the island is alive is kept
 * and replayed like a tap (keep-taps-script.ts), never sent by the browser.
 */
export const ISLAND_SENDS_ATTRIBUTE = "data-island-sends";

/** Marks a control tapped before its island was alive, whose tap is replayed once it is (keep-taps-script.ts). */
export const KEPT_TAP_ATTRIBUTE = "data-kept-tap";

/** On a reader page's link to the whole stylesheet, which islands wait for before they hydrate (islands/reader-stylesheet.ts). */
export const READER_STYLESHEET_ATTRIBUTE = "data-reader-stylesheet";

/** Where the server's entry writes a reader page's own rules (server/styles/critical-css.ts), once the page is rendered. */
export const CRITICAL_CSS_MARKER = "/*critical-css*/";
