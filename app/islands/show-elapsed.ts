import type { LanguageConfig } from "~/lib/languages";
import { elapsedText } from "~/lib/live-times";
import type { Catalog } from "~/lib/messages";

/**
 * Every live update's time (components/live/LiveTime.tsx) under `root` worded as time since
 * (issue 39), or left at its exact time once that is more than a day ago. Written in place: most
 * are the server's HTML, outside any React root.
 */
export function showElapsed(root: ParentNode, now: Date, messages: Catalog, language: LanguageConfig): void {
  for (const time of root.querySelectorAll<HTMLTimeElement>("time[data-live-time]")) {
    const words = elapsedText(time.dateTime, now, messages, language.formatNumber);
    const label = time.querySelector<HTMLElement>("[data-elapsed]");
    if (!label) continue;
    const text = words ?? language.formatDateTime(time.dateTime);
    if (label.textContent !== text) label.textContent = text;
    if (words === null) delete time.dataset.relative;
    else time.dataset.relative = "";
  }
}
