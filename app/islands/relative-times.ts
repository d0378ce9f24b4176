import { type Locale, catalogFor } from "~/lib/i18n";
import { languageConfig } from "~/lib/languages";
import { PAGE_CHANGE_EVENT } from "./navigation";
import { showElapsed } from "./show-elapsed";

const MINUTE = 60_000;

/**
 * CardTime's relative dates on the HTML part of a reader page, where no React runs: in a language
 * that has them (Nepali), a card's date becomes '३ घण्टा पहिले' once the browser knows the time,
 * the full date moving to the tooltip, and is kept current every minute and on every page shown
 * in place. Cards inside an island are left to their own CardTime. Live updates' times (issue 39)
 * become '4 minutes ago' in every language. Call it once the page's catalog is loaded.
 */
export function showRelativeTimes(locale: () => Locale): void {
  const update = () => {
    const language = languageConfig(locale());
    const { formatRelative, formatCardDate } = language;
    const now = new Date();
    showElapsed(document, now, catalogFor(locale()), language);
    if (!formatRelative) return;
    for (const time of document.querySelectorAll<HTMLTimeElement>("time[data-card-time]")) {
      if (time.closest("[data-island]")) continue;
      time.title = formatCardDate(time.dateTime);
      time.textContent = formatRelative(time.dateTime, now);
    }
  };
  update();
  setInterval(update, MINUTE);
  window.addEventListener(PAGE_CHANGE_EVENT, update);
}
