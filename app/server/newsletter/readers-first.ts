/**
 * Readers before the newsletter (issue 40): the send shares the thread that answers the site's
 * requests, and on the embedded database the one session that reads their pages. A send is a
 * background job that may take minutes more; a reader waiting a second for a page is gone. So each
 * step of a send (a message, a chunk of the queue) first waits a moment that grows while the
 * request thread is busy and shrinks while it is not (docs/decisions.md, "Reads during a
 * newsletter send").
 */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { yieldToRequests } from "../platform/yield-to-requests";

/** Above this share of the request thread's time busy (readers, or the send itself), steps wait. */
const BUSY_UTILIZATION = 0.5;
/** How often the request thread's load is read. */
const LOAD_WINDOW_MS = 100;
/** The longest a step waits, so that a send on a site that is always busy still goes out. */
const LONGEST_WAIT_MS = 200;

/** A wait to take before each step of a send. */
export function readersFirst(): () => Promise<void> {
  let last = performance.eventLoopUtilization();
  let readAt = performance.now();
  let waitMs = 0;
  return async () => {
    const now = performance.now();
    if (now - readAt >= LOAD_WINDOW_MS) {
      const current = performance.eventLoopUtilization();
      const busy = performance.eventLoopUtilization(current, last).utilization > BUSY_UTILIZATION;
      waitMs = busy ? Math.min(LONGEST_WAIT_MS, Math.max(1, waitMs * 2)) : waitMs < 2 ? 0 : waitMs / 2;
      last = current;
      readAt = now;
    }
    if (waitMs > 0) await sleep(waitMs);
    await yieldToRequests();
  };
}
