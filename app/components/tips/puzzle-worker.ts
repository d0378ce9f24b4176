/**
 * The tip line's proof of work, solved off the page's thread (lib/tips/puzzle.ts): the page stays
 * responsive, and says what it is doing, while this tries nonces for a few seconds.
 */
import { searchNonce } from "~/lib/tips/puzzle";

/** The worker's side of the page's messages: the DOM's types describe a window's instead. */
const scope = self as unknown as { onmessage: ((event: MessageEvent<{ challenge: string; difficulty: number }>) => void) | null; postMessage(nonce: number): void };

const SLICE = 1 << 20;

scope.onmessage = ({ data: { challenge, difficulty } }) => {
  for (let from = 0; from < Number.MAX_SAFE_INTEGER; from += SLICE) {
    const nonce = searchNonce(challenge, difficulty, from, SLICE);
    if (nonce !== null) return scope.postMessage(nonce);
  }
};
