import { ISLAND_ALIVE_ATTRIBUTE, KEPT_TAP_ATTRIBUTE } from "~/lib/island-markers";

/**
 * Replays the taps keep-taps-script.ts kept on controls whose island is now alive, in the order
 * of the page: a button is tapped again, a form sent again. One whose island did not come alive
 * stays kept.
 */
export function replayKeptTaps(): void {
  for (const control of document.querySelectorAll<HTMLElement>(`[${KEPT_TAP_ATTRIBUTE}]`)) {
    if (!control.closest(`[${ISLAND_ALIVE_ATTRIBUTE}]`)) continue;
    control.removeAttribute(KEPT_TAP_ATTRIBUTE);
    control.removeAttribute("aria-busy");
    if (control instanceof HTMLFormElement) control.requestSubmit();
    else control.click();
  }
}
