import { useEffect, useRef } from "react";

/** How often a page asks again while a document's job runs: a page takes 0.4 to 1 s to examine. */
export const POLL_MS = 2000;

/**
 * Calls `poll` every POLL_MS while `active`, one call at a time (the next waits for the last to
 * settle), and never again once the page is left or `active` turns false.
 */
export function usePoll(active: boolean, poll: () => Promise<unknown>): void {
  const latest = useRef(poll);
  latest.current = poll;
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(() => {
        void latest.current().finally(() => {
          if (!stopped) next();
        });
      }, POLL_MS);
    };
    next();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active]);
}
