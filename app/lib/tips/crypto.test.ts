import { describe, expect, it } from "vitest";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import {
  WrongPassphrase,
  accessHash,
  decryptAttachment,
  encryptAttachment,
  isWellFormedCodename,
  keyFingerprint,
  newKeySignedBy,
  replySignedBy,
  signNewKey,
  signReply,
  newCodename,
  newNewsroomKey,
  newSalt,
  open,
  openKeyFile,
  seal,
  sourceKeys,
} from "./crypto";
import { ATTACHMENT_CHUNK_BYTES } from "./protocol";

describe("the tip line's cryptography", () => {
  it("opens a key file with its passphrase only, and what is sealed to it with its key only", async () => {
    const { file, keys } = await newNewsroomKey("a long and private passphrase");
    expect(JSON.stringify(file)).not.toContain(Buffer.from(keys.privateKey).toString("base64url"));
    const opened = await openKeyFile(file, "a long and private passphrase");
    expect(opened.privateKey).toEqual(keys.privateKey);
    await expect(openKeyFile(file, "a long and private passphrasE")).rejects.toBeInstanceOf(WrongPassphrase);
    await expect(openKeyFile({ ...file, format: "other" } as never, "a long and private passphrase")).rejects.toBeInstanceOf(WrongPassphrase);

    const sealed = await seal({ text: "The contract went to the minister's cousin" }, file.publicKey);
    expect(Buffer.from(sealed, "base64url").toString("latin1")).not.toContain("minister");
    expect(await open(sealed, opened)).toEqual({ text: "The contract went to the minister's cousin" });
    const other = await newNewsroomKey("another passphrase");
    await expect(open(sealed, other.keys)).rejects.toThrow();
  }, 30_000);

  it("keeps an Ed25519 signing key in the file, and still opens a version 1 file, which has none", async () => {
    const { file, keys } = await newNewsroomKey("a long and private passphrase");
    expect(file.version).toBe(2);
    const opened = await openKeyFile(file, "a long and private passphrase");
    expect(opened.signing).toEqual(keys.signing);
    expect(JSON.stringify(file)).not.toContain(Buffer.from(keys.signing!.privateKey).toString("base64url"));

    // A file as issue 17 wrote it: the X25519 key alone, sealed the same way.
    const lib = (await import("libsodium-wrappers-sumo")).default;
    await lib.ready;
    const pair = lib.crypto_box_keypair();
    const salt = lib.randombytes_buf(lib.crypto_pwhash_SALTBYTES);
    const nonce = lib.randombytes_buf(lib.crypto_secretbox_NONCEBYTES);
    const kdf = { algorithm: "argon2id13" as const, salt: lib.to_base64(salt), opslimit: 1, memlimit: 8192 };
    const key = lib.crypto_pwhash(32, "old passphrase", salt, 1, 8192, lib.crypto_pwhash_ALG_ARGON2ID13);
    const old = { format: "khulasa-tip-key" as const, version: 1 as const, publicKey: lib.to_base64(pair.publicKey), createdAt: "2026-01-01T00:00:00Z", kdf, nonce: lib.to_base64(nonce), sealedPrivateKey: lib.to_base64(lib.crypto_secretbox_easy(pair.privateKey, nonce, key)) };
    const legacy = await openKeyFile(old, "old passphrase");
    expect(legacy.privateKey).toEqual(pair.privateKey);
    expect(legacy.signing).toBeUndefined();
  }, 30_000);

  it("a reply's signature holds for its words in its conversation only, and by the newsroom's signing key only", async () => {
    const newsroom = (await newNewsroomKey("passphrase one")).keys;
    const other = (await newNewsroomKey("passphrase two")).keys;
    const source = (await sourceKeys(await newCodename(), await newSalt())).keys.publicKey;
    const elsewhere = (await sourceKeys(await newCodename(), await newSalt())).keys.publicKey;
    const signature = await signReply("Meet at the tea shop", source, newsroom.signing!.privateKey);
    expect(await replySignedBy("Meet at the tea shop", signature, source, [newsroom.signing!.publicKey])).toBe(true);
    expect(await replySignedBy("Meet at the tea shop", signature, source, [other.signing!.publicKey, newsroom.signing!.publicKey])).toBe(true);
    expect(await replySignedBy("Meet at the tea shop!", signature, source, [newsroom.signing!.publicKey])).toBe(false);
    // Replayed into another source's conversation.
    expect(await replySignedBy("Meet at the tea shop", signature, elsewhere, [newsroom.signing!.publicKey])).toBe(false);
    // Signed by someone else's key, or not at all.
    expect(await replySignedBy("Meet at the tea shop", signature, source, [other.signing!.publicKey])).toBe(false);
    expect(await replySignedBy("Meet at the tea shop", undefined, source, [newsroom.signing!.publicKey])).toBe(false);
    expect(await replySignedBy("Meet at the tea shop", "not-a-signature", source, [newsroom.signing!.publicKey])).toBe(false);
  }, 30_000);

  it("a new key's signature by the previous key covers both its public keys", async () => {
    const previous = (await newNewsroomKey("passphrase one")).keys;
    const next = (await newNewsroomKey("passphrase two")).file;
    const signature = await signNewKey(next, previous.signing!.privateKey);
    expect(await newKeySignedBy(next, signature, previous.signing!.publicKey)).toBe(true);
    expect(await newKeySignedBy({ ...next, signingPublicKey: previous.signing!.publicKey }, signature, previous.signing!.publicKey)).toBe(false);
    expect(await newKeySignedBy({ ...next, publicKey: previous.publicKey }, signature, previous.signing!.publicKey)).toBe(false);
    expect(await newKeySignedBy(next, signature, next.signingPublicKey)).toBe(false);
    expect(await newKeySignedBy(next, null, previous.signing!.publicKey)).toBe(false);
  }, 30_000);

  it("a key's fingerprint is eight BIP-39 words, the same for the same keys and different when either key differs", async () => {
    const { file } = await newNewsroomKey("passphrase one");
    const words = await keyFingerprint(file.publicKey, file.signingPublicKey);
    expect(words.split(" ")).toHaveLength(8);
    expect(words.split(" ").every((word) => wordlist.includes(word))).toBe(true);
    expect(await keyFingerprint(file.publicKey, file.signingPublicKey)).toBe(words);
    const other = (await newNewsroomKey("passphrase two")).file;
    expect(await keyFingerprint(other.publicKey, file.signingPublicKey)).not.toBe(words);
    expect(await keyFingerprint(file.publicKey, other.signingPublicKey)).not.toBe(words);
    expect(await keyFingerprint(file.publicKey, null)).not.toBe(words);
    // Known answers (BLAKE2b of all-zero keys, eleven bits a word): a change to the words breaks every fingerprint published.
    expect(await keyFingerprint("A".repeat(43), "A".repeat(43))).toBe("merry cheap narrow answer dune alpha fragile pluck");
    expect(await keyFingerprint("A".repeat(43), null)).toBe("potato noble attack rabbit north coconut horror message");
  }, 30_000);

  it("derives the same source keys from the codename however it is typed, and different ones from another", async () => {
    const salt = await newSalt();
    const codename = await newCodename();
    expect(codename.split(" ")).toHaveLength(8);
    expect(isWellFormedCodename(codename)).toBe(true);
    expect(isWellFormedCodename(`${codename} extra`)).toBe(false);
    expect(isWellFormedCodename(codename.replace(/^\S+/, "notaword"))).toBe(false);
    const first = await sourceKeys(codename, salt);
    const again = await sourceKeys(`  ${codename.toUpperCase().replace(/ /g, "   ")} `, salt);
    expect(again.keys.publicKey).toBe(first.keys.publicKey);
    expect(again.accessToken).toBe(first.accessToken);
    expect(await accessHash(first.accessToken)).not.toBe(first.accessToken);
    const other = await sourceKeys(await newCodename(), salt);
    expect(other.keys.publicKey).not.toBe(first.keys.publicKey);
    const otherSite = await sourceKeys(codename, await newSalt());
    expect(otherSite.accessToken).not.toBe(first.accessToken);
  }, 30_000);

  it("encrypts an attachment in chunks and refuses one altered, cut off or extended", async () => {
    const bytes = new Uint8Array(ATTACHMENT_CHUNK_BYTES * 2 + 123).map((_, i) => i % 251);
    const { key, ciphertext } = await encryptAttachment(bytes);
    expect(await decryptAttachment(ciphertext, key)).toEqual(bytes);
    expect(await decryptAttachment((await encryptAttachment(new Uint8Array())).ciphertext, (await encryptAttachment(new Uint8Array())).key).catch(() => "refused")).toBe("refused");
    const empty = await encryptAttachment(new Uint8Array());
    expect(await decryptAttachment(empty.ciphertext, empty.key)).toEqual(new Uint8Array());

    const altered = ciphertext.slice();
    altered[100] = altered[100]! ^ 1;
    await expect(decryptAttachment(altered, key)).rejects.toThrow();
    await expect(decryptAttachment(ciphertext.subarray(0, ciphertext.length - 200), key)).rejects.toThrow();
    const cut = ciphertext.subarray(0, 24 + ATTACHMENT_CHUNK_BYTES + 17);
    await expect(decryptAttachment(cut, key)).rejects.toThrow("cut off");
    const extended = new Uint8Array([...ciphertext, 1, 2, 3]);
    await expect(decryptAttachment(extended, key)).rejects.toThrow();
  });
});
