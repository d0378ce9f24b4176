/**
 * The tip line's proof of work (issue 36, docs/tips.md "Limits"): before a new conversation, the
 * server hands out a challenge and the source's browser finds a nonce such that
 * SHA-256(challenge ‖ nonce) starts with `difficulty` zero bits, which takes about 2^difficulty
 * hashes. Flooding the tip line with conversations then costs the flooder that much work each.
 * The same code checks on the server and solves in the browser's worker (tips/puzzle-worker.ts),
 * in JavaScript or with WebCrypto, whichever is faster there (docs/decisions.md).
 */
import { sha256 } from "@noble/hashes/sha2.js";

/** GET /api/tips/puzzle: a challenge to solve, valid until `expires_at`. */
export interface TipPuzzle {
  challenge: string;
  /** How many leading zero bits the hash must have. */
  difficulty: number;
  expires_at: string;
}

/** What POST /api/tips (and /api/tips/attachments before it) carries as `puzzle`. */
export interface TipPuzzleSolution {
  challenge: string;
  /** A non-negative safe integer, hashed as 8 bytes big-endian after the challenge's UTF-8 bytes. */
  nonce: number;
}

/** The bytes hashed for `nonce`, written in place after the challenge: a search allocates nothing per try. */
function puzzleInput(challenge: string): { bytes: Uint8Array<ArrayBuffer>; setNonce: (nonce: number) => void } {
  const prefix = new TextEncoder().encode(challenge);
  const bytes = new Uint8Array(prefix.length + 8);
  bytes.set(prefix);
  const view = new DataView(bytes.buffer, prefix.length, 8);
  return {
    bytes,
    setNonce(nonce) {
      view.setUint32(0, Math.floor(nonce / 2 ** 32));
      view.setUint32(4, nonce >>> 0);
    },
  };
}

/** Whether `hash` starts with at least `bits` zero bits. */
export function hasLeadingZeroBits(hash: Uint8Array, bits: number): boolean {
  let i = 0;
  for (; bits >= 8; bits -= 8, i++) if (hash[i] !== 0) return false;
  return bits === 0 || (hash[i]! >> (8 - bits)) === 0;
}

export function isSolution(challenge: string, difficulty: number, nonce: number): boolean {
  if (!Number.isSafeInteger(nonce) || nonce < 0) return false;
  const input = puzzleInput(challenge);
  input.setNonce(nonce);
  return hasLeadingZeroBits(sha256(input.bytes), difficulty);
}

/**
 * Tries nonces from `from` on, `count` of them: the first that solves the puzzle, or null. The
 * worker calls it in slices, so that it can say how far it got between them.
 */
export function searchNonce(challenge: string, difficulty: number, from: number, count: number): number | null {
  const input = puzzleInput(challenge);
  for (let nonce = from; nonce < from + count; nonce++) {
    input.setNonce(nonce);
    if (hasLeadingZeroBits(sha256(input.bytes), difficulty)) return nonce;
  }
  return null;
}

/** How many hashes WebCrypto is asked for at once: one call each, and its promise, cost more than the hash. */
const DIGEST_BATCH = 256;

/**
 * searchNonce with WebCrypto's native SHA-256. Each call costs a promise, which makes it several
 * times slower than hashing in JavaScript where the JIT compiles it; without a JIT (Tor Browser's
 * "Safer" level) JavaScript hashing is the one ten times slower, and this is the way.
 */
export async function searchNonceWithDigest(challenge: string, difficulty: number, from: number, count: number): Promise<number | null> {
  for (let start = from; start < from + count; start += DIGEST_BATCH) {
    const nonces = Array.from({ length: Math.min(DIGEST_BATCH, from + count - start) }, (_, i) => start + i);
    const hashes = await Promise.all(
      nonces.map((nonce) => {
        const input = puzzleInput(challenge);
        input.setNonce(nonce);
        return crypto.subtle.digest("SHA-256", input.bytes);
      }),
    );
    const index = hashes.findIndex((hash) => hasLeadingZeroBits(new Uint8Array(hash), difficulty));
    if (index >= 0) return nonces[index]!;
  }
  return null;
}
