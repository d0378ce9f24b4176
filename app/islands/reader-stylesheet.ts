import { READER_STYLESHEET_ATTRIBUTE } from "~/lib/island-markers";

/**
 * Once the whole reader stylesheet applies, or failed to come. A reader page carries only the rules
 * its server-rendered HTML uses (server/styles/critical-css.ts); an island may render a class the
 * HTML did not have (the clock's digits, a control's hydrated state), and hydrating before the
 * sheet is in would show it unstyled and then move it. The sheet is asked for with the page and is
 * a tenth of the islands' scripts, so this rarely waits.
 */
export function readerStylesheetApplied(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>(`link[${READER_STYLESHEET_ATTRIBUTE}]`);
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
  });
}
