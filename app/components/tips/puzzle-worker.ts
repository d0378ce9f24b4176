/**
 * The tip line's proof of work, solved off the page's thread (lib/tips/puzzle.ts): the page stays
 * responsive, and says what it is doing, while this tries nonces for a few seconds.
 */
import { searchNonce, searchNonceWithDigest } from "~/lib/tips/puzzle";

/** The worker's side of the page's messages: the DOM's types describe a window's instead. */
const scope = self as unknown as { onmessage: ((event: MessageEvent<{ challenge: string; difficulty: number }>) => void) | null; postMessage(nonce: number): void };

type Search = (challenge: string, difficulty: number, from: number, count: number) => number | null | Promise<number | null>;

const TRIAL = 2048;
const SLICE = 1 << 16;

/** How long `count` tries of `search` took, and the nonce if one of them solved it. */
async function timed(search: Search, challenge: string, difficulty: number, from: number): Promise<{ ms: number; nonce: number | null }> {
  const started = performance.now();
  const nonce = await search(challenge, difficulty, from, TRIAL);
  return { ms: performance.now() - started, nonce };
}

async function solve(challenge: string, difficulty: number): Promise<number> {
  // Which is faster depends on the JIT (lib/tips/puzzle.ts): try each on a few nonces, keep the faster.
  const script = await timed(searchNonce, challenge, difficulty, 0);
  if (script.nonce !== null) return script.nonce;
  let search: Search = searchNonce;
  if (globalThis.crypto?.subtle) {
    const digest = await timed(searchNonceWithDigest, challenge, difficulty, TRIAL);
    if (digest.nonce !== null) return digest.nonce;
    if (digest.ms < script.ms) search = searchNonceWithDigest;
  }
  for (let from = 2 * TRIAL; ; from += SLICE) {
    const nonce = await search(challenge, difficulty, from, SLICE);
    if (nonce !== null) return nonce;
  }
}

scope.onmessage = async ({ data: { challenge, difficulty } }) => scope.postMessage(await solve(challenge, difficulty));
