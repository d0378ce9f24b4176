/**
 * Marks on the server's rendering of a live story that its island changes under the reader's eyes
 * (LiveFollow.tsx): when coverage ends, and when the key points change: a module of its own, so the page's parts that carry them do
 * not import the island.
 */

/** What the page shows only while coverage runs (the badge, "Live since", the refresh link). */
export const WHILE_RUNNING = "data-live-running";
/** Where the page says when coverage ended, hidden until then. */
export const ENDED_NOTE = "data-live-ended";
/** The key points' section (hidden while there are none) and the element holding them. */
export const KEY_POINTS = "data-live-key-points";
export const KEY_POINTS_BODY = "data-live-key-points-body";
