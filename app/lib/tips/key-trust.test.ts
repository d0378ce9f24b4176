import { describe, expect, it } from "vitest";
import { keyFingerprint, newNewsroomKey, signNewKey } from "./crypto";
import { trustKeyChain } from "./key-trust";
import type { TipKeyLink } from "./protocol";

/** Three keys in a row, each signed by the one before, as rotations in the back office make them. */
async function chainOfThree() {
  const made = await Promise.all(["one passphrase", "two passphrase", "three passphrase"].map((passphrase) => newNewsroomKey(passphrase)));
  const links: TipKeyLink[] = [];
  for (const [index, { file }] of made.entries()) {
    const previous = made[index - 1]?.keys.signing?.privateKey;
    links.push({ publicKey: file.publicKey, signingPublicKey: file.signingPublicKey, signature: previous ? await signNewKey(file, previous) : null, createdAt: `2026-0${index + 1}-01T00:00:00.000Z` });
  }
  const fingerprints = await Promise.all(links.map((link) => keyFingerprint(link.publicKey, link.signingPublicKey)));
  return { links, fingerprints, signing: made.map(({ file }) => file.signingPublicKey) };
}

describe("trusting the newsroom's key in a source's browser", () => {
  it("keeps the first key it sees, and accepts a key signed by it, or by a chain of keys from it", async () => {
    const { links, fingerprints, signing } = await chainOfThree();
    expect(await trustKeyChain([], null)).toBeNull();
    expect(await trustKeyChain(links, null)).toMatchObject({ state: "first", fingerprint: fingerprints[2], keep: fingerprints[2], trustedSigningKeys: signing });
    expect(await trustKeyChain(links, fingerprints[2]!)).toMatchObject({ state: "same", keep: fingerprints[2] });
    expect(await trustKeyChain(links, fingerprints[0]!)).toMatchObject({ state: "rotated", keep: fingerprints[2], changedAt: links[2]!.createdAt, trustedSigningKeys: signing });
    expect(await trustKeyChain(links.slice(0, 2), fingerprints[0]!)).toMatchObject({ state: "rotated", keep: fingerprints[1] });
  }, 60_000);

  it("warns of a key written without the previous key's signature, and trusts only the keys it kept", async () => {
    const { links, fingerprints, signing } = await chainOfThree();
    const intruder = (await newNewsroomKey("an attacker's passphrase")).file;
    // Written straight into the database: no signature, or one by the intruder's own key.
    for (const signature of [null, await signNewKey(intruder, (await newNewsroomKey("x")).keys.signing!.privateKey)]) {
      const swapped = [...links, { publicKey: intruder.publicKey, signingPublicKey: intruder.signingPublicKey, signature, createdAt: "2026-05-01T00:00:00.000Z" }];
      const trust = await trustKeyChain(swapped, fingerprints[2]!);
      expect(trust).toMatchObject({ state: "unsigned", keep: fingerprints[2], trustedSigningKeys: signing });
      expect(trust!.trustedSigningKeys).not.toContain(intruder.signingPublicKey);
    }
    // The newsroom's key replaced outright: the kept fingerprint is nowhere in the chain.
    const replaced = [{ publicKey: intruder.publicKey, signingPublicKey: intruder.signingPublicKey, signature: null, createdAt: "2026-05-01T00:00:00.000Z" }];
    expect(await trustKeyChain(replaced, fingerprints[2]!)).toMatchObject({ state: "unsigned", keep: fingerprints[2], trustedSigningKeys: [] });
    // A signature moved onto another key does not carry over.
    const moved = [links[0]!, { ...links[1]!, publicKey: intruder.publicKey }];
    expect(await trustKeyChain(moved, fingerprints[0]!)).toMatchObject({ state: "unsigned" });
  }, 60_000);

  it("a key after one with no signing key (made before issue 36) cannot be signed, and is not accepted silently", async () => {
    const { links } = await chainOfThree();
    const legacy: TipKeyLink = { publicKey: links[0]!.publicKey, signingPublicKey: null, signature: null, createdAt: "2025-12-01T00:00:00.000Z" };
    const legacyFingerprint = await keyFingerprint(legacy.publicKey, null);
    expect(await trustKeyChain([legacy, { ...links[1]!, signature: null }], legacyFingerprint)).toMatchObject({ state: "unsigned" });
  }, 60_000);
});
