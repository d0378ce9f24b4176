import { ISLAND_ALIVE_ATTRIBUTE, ISLAND_SENDS_ATTRIBUTE, KEPT_TAP_ATTRIBUTE } from "./island-markers";

/**
 * The inline script, in a reader page's head, that keeps a tap on a control whose island has not
 * hydrated yet, for islands.client.tsx to replay once the page's islands are alive
 * (docs/decisions.md, "No tap is lost"). A reader page asks for its islands' scripts after the
 * first paint, and on a slow phone a reader taps before they arrive.
 *
 * What it keeps: a button inside an island that is not alive, and the sending of a form there that
 * has no `method` (one that only its script can send) or that its island sends once alive
 * (ISLAND_SENDS_ATTRIBUTE: the tip line's forms, which must reach the server sealed whenever the
 * browser runs scripts). A link is followed and any other form with a `method` is sent by the
 * browser as usual: those controls work without scripts. The control shows
 * that its tap is waiting (`aria-busy`, and the style in styles/site.css); a second tap on it
 * while it waits is not kept again, so a reader who taps twice does not toggle twice.
 *
 * One fixed text, so that the Content Security Policy can list its hash on personal pages as on
 * shared ones.
 */
export const KEEP_TAPS_SCRIPT = `(function(){function waiting(t){var i=t.closest("[data-island]");return i&&!i.hasAttribute("${ISLAND_ALIVE_ATTRIBUTE}")}function byBrowser(f){return f.hasAttribute("method")&&!f.hasAttribute("${ISLAND_SENDS_ATTRIBUTE}")}function keep(e,c){e.preventDefault();e.stopPropagation();if(!c.hasAttribute("${KEPT_TAP_ATTRIBUTE}")){c.setAttribute("${KEPT_TAP_ATTRIBUTE}","");c.setAttribute("aria-busy","true")}}document.addEventListener("click",function(e){var b=e.target instanceof Element&&e.target.closest("button");if(b&&waiting(b)&&!(b.type==="submit"&&b.form&&byBrowser(b.form)))keep(e,b)},true);document.addEventListener("submit",function(e){var f=e.target;if(f instanceof HTMLFormElement&&!byBrowser(f)&&waiting(f))keep(e,e.submitter||f)},true)})()`;
