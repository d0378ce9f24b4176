import { describe, expect, it } from "vitest";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import {
  AttachmentTooLarge,
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
  sodium,
  sourceKeys,
} from "./crypto";
import {
  ATTACHMENT_BUCKETS,
  ATTACHMENT_CHUNK_BYTES,
  SEALED_BOX_BYTES,
  SECRETSTREAM_CHUNK_OVERHEAD,
  SECRETSTREAM_HEADER_BYTES,
  TIP_LIMITS,
  attachmentBucket,
  encryptedAttachmentBytes,
  messageBucket,
} from "./protocol";

const KIB = 1024;
const MIB = 1024 * KIB;
/** A sealed message's size in bytes, as the server reads it. */
const sealedBytes = (sealed: string) => Buffer.from(sealed, "base64url").length;

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
    expect(await decryptAttachment(ciphertext, key, true)).toEqual(bytes);
    expect(await decryptAttachment((await encryptAttachment(new Uint8Array())).ciphertext, (await encryptAttachment(new Uint8Array())).key, true).catch(() => "refused")).toBe("refused");
    const empty = await encryptAttachment(new Uint8Array());
    expect(await decryptAttachment(empty.ciphertext, empty.key, true)).toEqual(new Uint8Array());

    const altered = ciphertext.slice();
    altered[100] = altered[100]! ^ 1;
    await expect(decryptAttachment(altered, key, true)).rejects.toThrow();
    await expect(decryptAttachment(ciphertext.subarray(0, ciphertext.length - 200), key, true)).rejects.toThrow();
    const cut = ciphertext.subarray(0, 24 + ATTACHMENT_CHUNK_BYTES + 17);
    await expect(decryptAttachment(cut, key, true)).rejects.toThrow("cut off");
    const extended = new Uint8Array([...ciphertext, 1, 2, 3]);
    await expect(decryptAttachment(extended, key, true)).rejects.toThrow();
  });
});

describe("padding (issue 36)", () => {
  it("counts libsodium's overheads as libsodium does", async () => {
    const lib = await sodium();
    expect([SEALED_BOX_BYTES, SECRETSTREAM_HEADER_BYTES, SECRETSTREAM_CHUNK_OVERHEAD]).toEqual([
      lib.crypto_box_SEALBYTES,
      lib.crypto_secretstream_xchacha20poly1305_HEADERBYTES,
      lib.crypto_secretstream_xchacha20poly1305_ABYTES,
    ]);
  });

  it("pads every message to a power of two from 1 KiB, and opens it exactly as it was written", async () => {
    const { keys } = await newNewsroomKey("padding passphrase");
    // {"text":"…"} is 11 bytes around the text; the mark and the padding's own byte make 13.
    const withText = (bytes: number) => ({ text: "x".repeat(bytes - 13) });
    const cases: [unknown, number][] = [
      [{ text: "" }, 1 * KIB],
      [withText(1 * KIB), 1 * KIB],
      [withText(1 * KIB + 1), 2 * KIB],
      [withText(3000), 4 * KIB],
      [withText(64 * KIB + 1), 128 * KIB],
      [{ text: "नेपाली सन्देश\u0000 ending in \u0080", contact: "Signal" }, 1 * KIB],
    ];
    for (const [value, bucket] of cases) {
      const sealed = await seal(value, keys.publicKey);
      expect(sealedBytes(sealed)).toBe(bucket + SEALED_BOX_BYTES);
      expect(await open(sealed, keys)).toEqual(value);
    }
    expect(messageBucket(1)).toBe(1 * KIB);
    expect(messageBucket(128 * KIB + 1)).toBe(256 * KIB);
  }, 30_000);

  it("opens a message sealed before padding", async () => {
    const { keys } = await newNewsroomKey("old messages");
    const lib = await sodium();
    const unpadded = lib.to_base64(lib.crypto_box_seal(new TextEncoder().encode(JSON.stringify({ text: "sealed in 2025" })), lib.from_base64(keys.publicKey)));
    expect(sealedBytes(unpadded)).toBe(SEALED_BOX_BYTES + '{"text":"sealed in 2025"}'.length);
    expect(await open(unpadded, keys)).toEqual({ text: "sealed in 2025" });
  }, 30_000);

  it("pads an attachment to whole chunks, a power of two of them up to 16 MiB, then to the largest file with room for its padding", () => {
    const top = ATTACHMENT_BUCKETS.at(-1)!;
    expect(top).toBe(TIP_LIMITS.maxAttachmentMb * MIB + ATTACHMENT_CHUNK_BYTES);
    expect(
      [1, 64 * KIB, 64 * KIB + 1, 200 * KIB, 1 * MIB + 1, 16 * MIB, 16 * MIB + 1, TIP_LIMITS.maxAttachmentMb * MIB + 1, top + 1].map(attachmentBucket),
    ).toEqual([64 * KIB, 64 * KIB, 128 * KIB, 256 * KIB, 2 * MIB, 16 * MIB, top, top, null]);
    for (const bucket of ATTACHMENT_BUCKETS) expect(bucket % ATTACHMENT_CHUNK_BYTES).toBe(0);
  });

  it("encrypts an attachment to its bucket's size and decrypts its bytes exactly, however they end", async () => {
    const sizes = [0, 1, ATTACHMENT_CHUNK_BYTES - 1, ATTACHMENT_CHUNK_BYTES, ATTACHMENT_CHUNK_BYTES * 2 + 123, 300 * KIB];
    for (const size of sizes) {
      // Ending in what padding is made of: a 0x80 and zeros are the file's own.
      const bytes = new Uint8Array(size).map((_, i) => (i >= size - 3 ? [0x80, 0, 0][i - size + 3]! : (i % 250) + 1));
      const { key, ciphertext } = await encryptAttachment(bytes);
      expect(ciphertext.length, `${size} bytes`).toBe(encryptedAttachmentBytes(attachmentBucket(size + 1)!));
      expect(Buffer.from(await decryptAttachment(ciphertext, key, true)).equals(Buffer.from(bytes)), `${size} bytes`).toBe(true);
    }
    await expect(encryptAttachment(new Uint8Array(ATTACHMENT_BUCKETS.at(-1)!))).rejects.toBeInstanceOf(AttachmentTooLarge);
  }, 60_000);

  it("decrypts an attachment sent before padding as it was, and refuses to unpad what was never padded", async () => {
    const lib = await sodium();
    const bytes = new Uint8Array(ATTACHMENT_CHUNK_BYTES + 10).map((_, i) => i % 251);
    // As encryptAttachment did before issue 36: the file's chunks and nothing more, the last one short.
    const key = lib.crypto_secretstream_xchacha20poly1305_keygen();
    const { state, header } = lib.crypto_secretstream_xchacha20poly1305_init_push(key);
    const first = lib.crypto_secretstream_xchacha20poly1305_push(state, bytes.subarray(0, ATTACHMENT_CHUNK_BYTES), null, lib.crypto_secretstream_xchacha20poly1305_TAG_MESSAGE);
    const last = lib.crypto_secretstream_xchacha20poly1305_push(state, bytes.subarray(ATTACHMENT_CHUNK_BYTES), null, lib.crypto_secretstream_xchacha20poly1305_TAG_FINAL);
    const old = new Uint8Array([...header, ...first, ...last]);
    expect(Buffer.from(await decryptAttachment(old, lib.to_base64(key), false)).equals(Buffer.from(bytes))).toBe(true);
    await expect(decryptAttachment(old, lib.to_base64(key), true)).rejects.toThrow();
  });
});
