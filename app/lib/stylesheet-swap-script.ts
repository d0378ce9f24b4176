/**
 * The inline script that follows the reader stylesheet's link in a reader page's head (issue 41).
 * The link asks for the sheet as `media="print"`, which a browser fetches without holding the
 * first paint; once it has arrived the script makes it apply to the screen. A link's `onload`
 * attribute would do the same in one tag, but the Content Security Policy runs no event-handler
 * attribute. The page's own rules are already in it (server/styles/critical-css.ts), so the swap
 * changes nothing a reader sees; the sheet is there for classes islands add and pages shown in place.
 *
 * One fixed text, so that the Content Security Policy can list its hash on every page.
 */
export const STYLESHEET_SWAP_SCRIPT = `(function(l){function a(){l.media="all"}l.sheet?a():l.addEventListener("load",a)})(document.currentScript.previousElementSibling)`;
