import { ISLAND_SCRIPTS_ID } from "./island-markers";

/**
 * The inline script that asks for a reader page's islands' scripts once the page has painted.
 * Named in the HTML, they came in beside it, and where they arrived before the page was laid out (a
 * fast link, a slow phone) their evaluation and hydration ran first and the first paint waited for
 * them (docs/decisions.md, "Islands start after the first paint"). The page works without them.
 *
 * The browser's own report of the first paint decides; where it gives none (paint timing is
 * missing in older Safari) the end of the first frame does. One fixed text, so that the Content
 * Security Policy can list its hash on personal pages as on shared ones.
 */
export const START_ISLANDS_SCRIPT = `(function(){var d=document,w=window,P=w.PerformanceObserver;function go(){var s=JSON.parse(d.getElementById("${ISLAND_SCRIPTS_ID}").textContent);s.preload.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;l.fetchPriority="low";d.head.appendChild(l)});var e=d.createElement("script");e.type="module";e.src=s.entry;e.fetchPriority="low";d.head.appendChild(e)}if(P&&(P.supportedEntryTypes||[]).indexOf("paint")>=0)new P(function(l,o){o.disconnect();setTimeout(go)}).observe({type:"paint",buffered:true});else requestAnimationFrame(function(){setTimeout(go)})})()`;
