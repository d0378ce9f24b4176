/**
 * What the reader's open page does with one change of a live story's stream (issue 39), whether
 * it came as a server-sent event or in an answer to `?after=`: both carry the same entries, and
 * both go through here, so the page cannot treat them differently.
 */
import type { DeletedLiveUpdate, LiveUpdate } from "~/lib/api-types";

export type LiveChange = LiveUpdate | DeletedLiveUpdate;

export const isDeleted = (change: LiveChange): change is DeletedLiveUpdate => "deleted" in change;

/** Where the page has each update it knows of. */
export interface KnownUpdates {
  /** Arrived since the page loaded, waiting behind the "new updates" button. */
  pending: ReadonlySet<number>;
  /** Shown: in the page as loaded, or revealed since. */
  shown: (id: number) => boolean;
  /** The newest update the page has had (as loaded, or arrived since): anything older it is not showing was never on this page. */
  newest: number;
}

export type Placement =
  /** A new update: held behind the button, so that what the reader is reading does not move. */
  | "hold"
  /** An edit (or pin) of one being held: it replaces it there. */
  | "replace-held"
  /** An edit of one on the page: it replaces it where it stands. */
  | "replace-shown"
  /** A deletion: it leaves wherever it is. */
  | "remove"
  /** An update of an older page than this one, or a deletion of one never seen. */
  | "ignore";

export function placeChange(change: LiveChange, known: KnownUpdates): Placement {
  const held = known.pending.has(change.id);
  const shown = known.shown(change.id);
  if (isDeleted(change)) return held || shown ? "remove" : "ignore";
  if (held) return "replace-held";
  if (shown) return "replace-shown";
  return change.id > known.newest ? "hold" : "ignore";
}
