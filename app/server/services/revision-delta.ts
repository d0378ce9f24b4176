/**
 * How a revision is stored against its keyframe: the edit from one text to the other as a list of
 * steps (keep n characters, drop n characters, insert a string). Applying it to the keyframe gives
 * the revision back exactly; small edits of a long story cost a few bytes.
 */
import { DIFF_DELETE, DIFF_EQUAL, DIFF_INSERT, cleanupEfficiency, makeDiff } from "@sanity/diff-match-patch";

/** A positive number keeps that many UTF-16 units, a negative one drops them, a string is inserted. */
export type DeltaStep = number | string;

export function deltaBetween(from: string, to: string): DeltaStep[] {
  // No time limit: a delta must be exact, and a shorter one is worth the wait on a save.
  const diffs = cleanupEfficiency(makeDiff(from, to, { timeout: 0 }));
  const steps: DeltaStep[] = [];
  for (const [op, text] of diffs) {
    if (op === DIFF_EQUAL) steps.push(text.length);
    else if (op === DIFF_DELETE) steps.push(-text.length);
    else if (op === DIFF_INSERT) steps.push(text);
  }
  // Keeping the rest is what the end of a delta means anyway.
  if (typeof steps.at(-1) === "number" && (steps.at(-1) as number) > 0) steps.pop();
  return steps;
}

export function applyDelta(from: string, steps: readonly DeltaStep[]): string {
  let at = 0;
  let out = "";
  for (const step of steps) {
    if (typeof step === "string") out += step;
    else if (step > 0) {
      out += from.slice(at, at + step);
      at += step;
    } else at -= step;
  }
  if (at > from.length) throw new Error("delta does not fit its keyframe");
  return out + from.slice(at);
}
