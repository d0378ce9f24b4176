/**
 * The tip line's cryptography (issue 17, docs/tips.md), one module for the browser and the server:
 * libsodium (the sumo build, for Argon2id), loaded only by the pages and requests that need it.
 *
 * - The newsroom has an X25519 key pair. Sources' messages are sealed to its public key
 *   (crypto_box_seal: anonymous sender, only the private key opens them). The private key leaves
 *   the admin's browser only as a file sealed under a passphrase (Argon2id, then secretbox).
 * - A source has a codename: words from the BIP-39 list. Argon2id of the codename under the site's
 *   salt gives a seed for the source's own key pair, to which replies are sealed, and an access
 *   token, whose hash is how the server finds the conversation again.
 * - Attachments are encrypted as a secretstream under a random key that travels inside the sealed
 *   message.
 * - Both are padded to a size bucket before they are sealed (protocol.ts), and unpadded when opened.
 * - The newsroom also has an Ed25519 signing key (issue 36), in the same key file: it signs every
 *   reply inside the sealed box, and the public keys of the key that replaces it. A key's
 *   fingerprint, eight BIP-39 words, is what people compare.
 */
import { wordlist } from "@scure/bip39/wordlists/english.js";
import type { SealedMessage, TipKeyFile, TipKeyFileV2 } from "./protocol";
import { ATTACHMENT_CHUNK_BYTES, CODENAME_WORDS, PADDED_MESSAGE_MARK, attachmentBucket, messageBucket } from "./protocol";

type Sodium = typeof import("libsodium-wrappers-sumo");

let loading: Promise<Sodium> | undefined;
export function sodium(): Promise<Sodium> {
  loading ??= import("libsodium-wrappers-sumo").then(async (module) => {
    const lib = (module.default ?? module) as Sodium;
    await lib.ready;
    return lib;
  });
  return loading;
}

export interface KeyPair {
  publicKey: string;
  privateKey: Uint8Array;
}

/** The newsroom's keys as a key file opens them: the signing half is absent from a version 1 file. */
export interface NewsroomKeys extends KeyPair {
  signing?: { publicKey: string; privateKey: Uint8Array };
}

/** Overwrites the private keys' bytes, so that they do not linger in memory until collected. */
export function wipeKeys(keys: NewsroomKeys): void {
  keys.privateKey.fill(0);
  keys.signing?.privateKey.fill(0);
}

const text = new TextEncoder();
const fromText = new TextDecoder("utf-8", { fatal: true });

/** A new codename: CODENAME_WORDS words drawn uniformly (2,048 is a power of two, so no bias). */
export async function newCodename(): Promise<string> {
  const lib = await sodium();
  return Array.from({ length: CODENAME_WORDS }, () => wordlist[lib.randombytes_uniform(wordlist.length)]!).join(" ");
}

/** What a source types back may differ in case and spacing, not in words. */
function normaliseCodename(codename: string): string {
  return codename.normalize("NFKC").toLowerCase().trim().split(/\s+/).join(" ");
}

export function isWellFormedCodename(codename: string): boolean {
  const words = normaliseCodename(codename).split(" ");
  return words.length === CODENAME_WORDS && words.every((word) => wordlist.includes(word));
}

/** Argon2id (crypto_pwhash, ALG_ARGON2ID13) run elsewhere: the server runs it in worker threads. */
export type Argon2id = (length: number, password: string, salt: Uint8Array, opslimit: number, memlimit: number) => Promise<Uint8Array>;

/** The source's key pair and access token, from the codename and the site's salt. */
export async function sourceKeys(codename: string, saltBase64: string, argon2id?: Argon2id): Promise<{ keys: KeyPair; accessToken: string }> {
  const lib = await sodium();
  const args = [64, normaliseCodename(codename), lib.from_base64(saltBase64), lib.crypto_pwhash_OPSLIMIT_INTERACTIVE, lib.crypto_pwhash_MEMLIMIT_INTERACTIVE] as const;
  const derived = argon2id ? await argon2id(...args) : lib.crypto_pwhash(...args, lib.crypto_pwhash_ALG_ARGON2ID13);
  const pair = lib.crypto_box_seed_keypair(derived.slice(0, 32));
  return { keys: { publicKey: lib.to_base64(pair.publicKey), privateKey: pair.privateKey }, accessToken: lib.to_base64(derived.slice(32)) };
}

/** What the server keeps of an access token: its hash, so that a copy of the database opens nothing. */
export async function accessHash(accessToken: string): Promise<string> {
  const lib = await sodium();
  return lib.to_base64(lib.crypto_generichash(32, lib.from_base64(accessToken), null));
}

export async function newSalt(): Promise<string> {
  const lib = await sodium();
  return lib.to_base64(lib.randombytes_buf(lib.crypto_pwhash_SALTBYTES));
}

/** A JSON value's bytes, marked as padded and padded to its bucket (messageBucket). */
async function padMessage(value: unknown): Promise<Uint8Array> {
  const lib = await sodium();
  const json = text.encode(JSON.stringify(value));
  const marked = new Uint8Array(json.length + 1);
  marked[0] = PADDED_MESSAGE_MARK;
  marked.set(json, 1);
  // sodium_pad adds at least one byte: the bucket must hold that one too.
  return lib.pad(marked, messageBucket(marked.length + 1));
}

/** The JSON value in an opened message: padded (marked), or as it was sealed before padding. */
async function unpadMessage<T>(plain: Uint8Array): Promise<T> {
  const lib = await sodium();
  const json = plain[0] === PADDED_MESSAGE_MARK ? lib.unpad(plain, plain.length).subarray(1) : plain;
  return JSON.parse(fromText.decode(json)) as T;
}

/** Seals a JSON value, padded to its bucket, so that only the holder of `publicKey`'s private key can open it. */
export async function seal(value: unknown, publicKey: string): Promise<string> {
  const lib = await sodium();
  return lib.to_base64(lib.crypto_box_seal(await padMessage(value), lib.from_base64(publicKey)));
}

/** A message as both sides keep it: sealed to the newsroom's key and to the source's (protocol.ts). */
export async function sealForBoth(value: unknown, newsroomKey: string, sourcePublicKey: string): Promise<SealedMessage> {
  return { forNewsroom: await seal(value, newsroomKey), forSource: await seal(value, sourcePublicKey) };
}

/** Opens what `seal` sealed to this key pair; throws if it was sealed to another or altered. */
export async function open<T>(sealed: string, keys: KeyPair): Promise<T> {
  const lib = await sodium();
  return unpadMessage<T>(lib.crypto_box_seal_open(lib.from_base64(sealed), lib.from_base64(keys.publicKey), keys.privateKey));
}

/** The newsroom's key pairs (X25519 and Ed25519) and their key file, the private keys sealed under `passphrase`. */
export async function newNewsroomKey(passphrase: string, now = new Date()): Promise<{ keys: NewsroomKeys; file: TipKeyFileV2 }> {
  const lib = await sodium();
  const pair = lib.crypto_box_keypair();
  const signing = lib.crypto_sign_keypair();
  const salt = lib.randombytes_buf(lib.crypto_pwhash_SALTBYTES);
  const kdf = { algorithm: "argon2id13" as const, salt: lib.to_base64(salt), opslimit: lib.crypto_pwhash_OPSLIMIT_MODERATE, memlimit: lib.crypto_pwhash_MEMLIMIT_MODERATE };
  const nonce = lib.randombytes_buf(lib.crypto_secretbox_NONCEBYTES);
  const key = lib.crypto_pwhash(lib.crypto_secretbox_KEYBYTES, passphrase, salt, kdf.opslimit, kdf.memlimit, lib.crypto_pwhash_ALG_ARGON2ID13);
  const secrets = concat([pair.privateKey, signing.privateKey]);
  const file: TipKeyFileV2 = {
    format: "khulasa-tip-key",
    version: 2,
    publicKey: lib.to_base64(pair.publicKey),
    signingPublicKey: lib.to_base64(signing.publicKey),
    createdAt: now.toISOString(),
    kdf,
    nonce: lib.to_base64(nonce),
    sealedPrivateKey: lib.to_base64(lib.crypto_secretbox_easy(secrets, nonce, key)),
  };
  secrets.fill(0);
  key.fill(0);
  return { keys: { publicKey: file.publicKey, privateKey: pair.privateKey, signing: { publicKey: file.signingPublicKey, privateKey: signing.privateKey } }, file };
}

export class WrongPassphrase extends Error {
  constructor() {
    super("wrong passphrase, or not a tip-line key file");
  }
}

const X25519_SECRET_BYTES = 32;

/** The keys in a key file; WrongPassphrase when the passphrase (or the file) is wrong. */
export async function openKeyFile(file: TipKeyFile, passphrase: string): Promise<NewsroomKeys> {
  const lib = await sodium();
  if (file?.format !== "khulasa-tip-key" || (file.version !== 1 && file.version !== 2) || file.kdf?.algorithm !== "argon2id13") throw new WrongPassphrase();
  let secrets: Uint8Array;
  try {
    const key = lib.crypto_pwhash(lib.crypto_secretbox_KEYBYTES, passphrase, lib.from_base64(file.kdf.salt), file.kdf.opslimit, file.kdf.memlimit, lib.crypto_pwhash_ALG_ARGON2ID13);
    secrets = lib.crypto_secretbox_open_easy(lib.from_base64(file.sealedPrivateKey), lib.from_base64(file.nonce), key);
  } catch {
    throw new WrongPassphrase();
  }
  if (file.version === 1) return { publicKey: file.publicKey, privateKey: secrets };
  if (secrets.length !== X25519_SECRET_BYTES + lib.crypto_sign_SECRETKEYBYTES) throw new WrongPassphrase();
  const keys = { publicKey: file.publicKey, privateKey: secrets.slice(0, X25519_SECRET_BYTES), signing: { publicKey: file.signingPublicKey, privateKey: secrets.slice(X25519_SECRET_BYTES) } };
  secrets.fill(0);
  return keys;
}

/**
 * What a newsroom reply's signature covers: the words and the public key of the source they answer,
 * which names one conversation, so that a signed reply copied into another conversation fails.
 * A JSON array, so that no choice of words can make two different pairs sign the same bytes.
 */
const replySigningBytes = (text: string, sourcePublicKey: string) => textBytes(JSON.stringify(["khulasa-tip-reply/1", sourcePublicKey, text]));

/** What a key's signature by the key before it covers: both of the new key's public keys. */
const keySigningBytes = (publicKey: string, signingPublicKey: string) => textBytes(JSON.stringify(["khulasa-tip-key/1", publicKey, signingPublicKey]));

const textBytes = (value: string) => text.encode(value);

/** The signature of a reply's words to the source with `sourcePublicKey`, by the newsroom's signing key. */
export async function signReply(replyText: string, sourcePublicKey: string, signingPrivateKey: Uint8Array): Promise<string> {
  const lib = await sodium();
  return lib.to_base64(lib.crypto_sign_detached(replySigningBytes(replyText, sourcePublicKey), signingPrivateKey));
}

/** Whether `signature` is one of `signingPublicKeys`' over this reply to this source. */
export async function replySignedBy(replyText: string, signature: string | undefined, sourcePublicKey: string, signingPublicKeys: readonly string[]): Promise<boolean> {
  if (typeof signature !== "string") return false;
  const lib = await sodium();
  return signingPublicKeys.some((key) => detachedSignatureHolds(lib, signature, replySigningBytes(replyText, sourcePublicKey), key));
}

/** The previous key's signature of a new key's public keys: how a rotation shows it came from the holder of the old key file. */
export async function signNewKey(next: { publicKey: string; signingPublicKey: string }, previousSigningPrivateKey: Uint8Array): Promise<string> {
  const lib = await sodium();
  return lib.to_base64(lib.crypto_sign_detached(keySigningBytes(next.publicKey, next.signingPublicKey), previousSigningPrivateKey));
}

/** Whether `signature` is `previousSigningPublicKey`'s over the new key's public keys. */
export async function newKeySignedBy(next: { publicKey: string; signingPublicKey: string }, signature: string | null | undefined, previousSigningPublicKey: string): Promise<boolean> {
  if (typeof signature !== "string") return false;
  const lib = await sodium();
  return detachedSignatureHolds(lib, signature, keySigningBytes(next.publicKey, next.signingPublicKey), previousSigningPublicKey);
}

function detachedSignatureHolds(lib: Sodium, signature: string, message: Uint8Array, publicKey: string): boolean {
  try {
    return lib.crypto_sign_verify_detached(lib.from_base64(signature), message, lib.from_base64(publicKey));
  } catch {
    // Not base64, or the wrong length: no signature of anyone's.
    return false;
  }
}

/** How many words a key's fingerprint has: 88 bits, as many as a codename. */
const FINGERPRINT_WORDS = 8;

/**
 * A key's fingerprint, in words a person can read aloud and compare with what the newsroom
 * publishes elsewhere: BIP-39 words of a BLAKE2b hash of both public keys, 11 bits each.
 */
export async function keyFingerprint(publicKey: string, signingPublicKey: string | null): Promise<string> {
  const lib = await sodium();
  const hash = lib.crypto_generichash(32, concat([textBytes("khulasa-tip-key-fingerprint/1"), lib.from_base64(publicKey), signingPublicKey ? lib.from_base64(signingPublicKey) : new Uint8Array()]), null);
  const words: string[] = [];
  for (let word = 0; word < FINGERPRINT_WORDS; word++) {
    let index = 0;
    for (let bit = word * 11; bit < word * 11 + 11; bit++) index = (index << 1) | ((hash[bit >> 3]! >> (7 - (bit & 7))) & 1);
    words.push(wordlist[index]!);
  }
  return words.join(" ");
}

export class AttachmentTooLarge extends Error {
  constructor() {
    super("attachment larger than the largest bucket");
  }
}

/**
 * An attachment encrypted as a secretstream: the header, then one sealed chunk per
 * ATTACHMENT_CHUNK_BYTES of the plaintext padded to its bucket (attachmentBucket). The padding is
 * ISO/IEC 7816-4 over the whole stream (0x80, then zeros), made chunk by chunk: the chunk where
 * the file ends is padded with sodium_pad, and whole chunks of zeros follow, so that a large file
 * is never copied whole into libsodium's memory.
 */
export async function encryptAttachment(bytes: Uint8Array): Promise<{ key: string; ciphertext: Uint8Array }> {
  const lib = await sodium();
  const bucket = attachmentBucket(bytes.length + 1);
  if (bucket === null) throw new AttachmentTooLarge();
  const key = lib.crypto_secretstream_xchacha20poly1305_keygen();
  const { state, header } = lib.crypto_secretstream_xchacha20poly1305_init_push(key);
  const parts: Uint8Array[] = [header];
  const zeros = new Uint8Array(ATTACHMENT_CHUNK_BYTES);
  const chunks = bucket / ATTACHMENT_CHUNK_BYTES;
  for (let index = 0; index < chunks; index++) {
    const at = index * ATTACHMENT_CHUNK_BYTES;
    const data = bytes.subarray(at, at + ATTACHMENT_CHUNK_BYTES);
    const plain = data.length === ATTACHMENT_CHUNK_BYTES ? data : at <= bytes.length ? lib.pad(data, ATTACHMENT_CHUNK_BYTES) : zeros;
    const tag = index === chunks - 1 ? lib.crypto_secretstream_xchacha20poly1305_TAG_FINAL : lib.crypto_secretstream_xchacha20poly1305_TAG_MESSAGE;
    parts.push(lib.crypto_secretstream_xchacha20poly1305_push(state, plain, null, tag));
  }
  return { key: lib.to_base64(key), ciphertext: concat(parts) };
}

/**
 * The bytes of an attachment; throws if any chunk was altered, reordered or cut off, or its padding
 * is not whole. `padded` is what the sealed message says (TipAttachmentRef): attachments sent
 * before padding are their bytes exactly.
 */
export async function decryptAttachment(ciphertext: Uint8Array, keyBase64: string, padded: boolean): Promise<Uint8Array> {
  const lib = await sodium();
  const headerBytes = lib.crypto_secretstream_xchacha20poly1305_HEADERBYTES;
  const sealedChunk = ATTACHMENT_CHUNK_BYTES + lib.crypto_secretstream_xchacha20poly1305_ABYTES;
  const state = lib.crypto_secretstream_xchacha20poly1305_init_pull(ciphertext.subarray(0, headerBytes), lib.from_base64(keyBase64));
  const parts: Uint8Array[] = [];
  for (let at = headerBytes; ; at += sealedChunk) {
    const result = lib.crypto_secretstream_xchacha20poly1305_pull(state, ciphertext.subarray(at, at + sealedChunk), null);
    if (!result) throw new Error("attachment altered or incomplete");
    parts.push(result.message);
    if (result.tag === lib.crypto_secretstream_xchacha20poly1305_TAG_FINAL) {
      if (at + sealedChunk < ciphertext.length) throw new Error("attachment has bytes after its end");
      return padded ? unpadAttachment(lib, parts) : concat(parts);
    }
    if (at + sealedChunk >= ciphertext.length) throw new Error("attachment cut off");
  }
}

/** The file in padded chunks: the last chunk that is not all zeros holds its end and the padding's 0x80. */
function unpadAttachment(lib: Sodium, chunks: Uint8Array[]): Uint8Array {
  let end = chunks.length - 1;
  while (end >= 0 && lib.is_zero(chunks[end]!)) end--;
  if (end < 0) throw new Error("attachment padding missing");
  // unpad throws unless the chunk is whole and ends in 0x80 and zeros.
  return concat([...chunks.slice(0, end), lib.unpad(chunks[end]!, ATTACHMENT_CHUNK_BYTES)]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
