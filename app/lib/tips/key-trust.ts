/**
 * Whether a source's browser may trust the newsroom's current key (issue 36, docs/tips.md): it
 * keeps the fingerprint of the key it saw first, and accepts another only when every key since
 * was signed by the one before it. Someone who can write to the server's database, or who stole an
 * admin's password, can publish a key of their own, but not a signature by the newsroom's key file.
 */
import { keyFingerprint, newKeySignedBy } from "./crypto";
import type { TipKeyLink } from "./protocol";

export type KeyTrustState =
  /** Nothing was kept before: this key is now the one kept. */
  | "first"
  /** The key kept before. */
  | "same"
  /** Another key, each key since the kept one signed by the one before it. */
  | "rotated"
  /** Another key, not signed by the kept one (or by one it signed): it may not be the newsroom's. */
  | "unsigned";

export interface KeyTrust {
  state: KeyTrustState;
  /** The current key's fingerprint. */
  fingerprint: string;
  /** When the current key was made (what "rotated" tells the source). */
  changedAt: string;
  /** The fingerprint to keep from now on: the current key's, unless the change was not signed. */
  keep: string;
  /** The signing keys whose replies are the newsroom's: the kept key and the keys it vouches for through signatures, and those that vouch for it. */
  trustedSigningKeys: string[];
}

/** Decides on the key chain that GET /api/tips/setup published (oldest first), against the fingerprint `kept` in this browser, if any. */
export async function trustKeyChain(chain: readonly TipKeyLink[], kept: string | null): Promise<KeyTrust | null> {
  const last = chain.length - 1;
  if (last < 0) return null;
  const fingerprints = await Promise.all(chain.map((link) => keyFingerprint(link.publicKey, link.signingPublicKey)));
  // signed[j]: key j carries a valid signature by key j-1's signing key.
  const signed = await Promise.all(
    chain.map(async (link, index) => {
      const previous = chain[index - 1]?.signingPublicKey;
      return !!previous && !!link.signingPublicKey && newKeySignedBy({ publicKey: link.publicKey, signingPublicKey: link.signingPublicKey }, link.signature, previous);
    }),
  );
  // The keys joined to `index` by unbroken signatures, either way: one holder's keys, as far as anyone can prove.
  const joined = (index: number) => {
    let start = index;
    while (start > 0 && signed[start]) start--;
    let end = index;
    while (end < last && signed[end + 1]) end++;
    return chain.slice(start, end + 1).flatMap((link) => (link.signingPublicKey ? [link.signingPublicKey] : []));
  };
  const current = { fingerprint: fingerprints[last]!, changedAt: chain[last]!.createdAt };
  if (kept === null) return { ...current, state: "first", keep: current.fingerprint, trustedSigningKeys: joined(last) };
  const keptAt = fingerprints.lastIndexOf(kept);
  if (keptAt === last) return { ...current, state: "same", keep: kept, trustedSigningKeys: joined(last) };
  if (keptAt >= 0 && signed.slice(keptAt + 1).every(Boolean)) return { ...current, state: "rotated", keep: current.fingerprint, trustedSigningKeys: joined(last) };
  return { ...current, state: "unsigned", keep: kept, trustedSigningKeys: keptAt >= 0 ? joined(keptAt) : [] };
}
