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
 */
import { wordlist } from "@scure/bip39/wordlists/english.js";
import type { SealedMessage, TipKeyFile } from "./protocol";
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

const text = new TextEncoder();
const fromText = new TextDecoder("utf-8", { fatal: true });

/** A new codename: CODENAME_WORDS words drawn uniformly (2,048 is a power of two, so no bias). */
export async function newCodename(): Promise<string> {
  const lib = await sodium();
  return Array.from({ length: CODENAME_WORDS }, () => wordlist[lib.randombytes_uniform(wordlist.length)]!).join(" ");
}

/** What a source types back may differ in case and spacing, not in words. */
export function normaliseCodename(codename: string): string {
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

/** The newsroom's key pair and its key file, the private key sealed under `passphrase`. */
export async function newNewsroomKey(passphrase: string, now = new Date()): Promise<{ keys: KeyPair; file: TipKeyFile }> {
  const lib = await sodium();
  const pair = lib.crypto_box_keypair();
  const salt = lib.randombytes_buf(lib.crypto_pwhash_SALTBYTES);
  const kdf = { algorithm: "argon2id13" as const, salt: lib.to_base64(salt), opslimit: lib.crypto_pwhash_OPSLIMIT_MODERATE, memlimit: lib.crypto_pwhash_MEMLIMIT_MODERATE };
  const nonce = lib.randombytes_buf(lib.crypto_secretbox_NONCEBYTES);
  const key = lib.crypto_pwhash(lib.crypto_secretbox_KEYBYTES, passphrase, salt, kdf.opslimit, kdf.memlimit, lib.crypto_pwhash_ALG_ARGON2ID13);
  const file: TipKeyFile = {
    format: "khulasa-tip-key",
    version: 1,
    publicKey: lib.to_base64(pair.publicKey),
    createdAt: now.toISOString(),
    kdf,
    nonce: lib.to_base64(nonce),
    sealedPrivateKey: lib.to_base64(lib.crypto_secretbox_easy(pair.privateKey, nonce, key)),
  };
  return { keys: { publicKey: file.publicKey, privateKey: pair.privateKey }, file };
}

export class WrongPassphrase extends Error {
  constructor() {
    super("wrong passphrase, or not a tip-line key file");
  }
}

/** The key pair in a key file; WrongPassphrase when the passphrase (or the file) is wrong. */
export async function openKeyFile(file: TipKeyFile, passphrase: string): Promise<KeyPair> {
  const lib = await sodium();
  if (file?.format !== "khulasa-tip-key" || file.version !== 1 || file.kdf?.algorithm !== "argon2id13") throw new WrongPassphrase();
  try {
    const key = lib.crypto_pwhash(lib.crypto_secretbox_KEYBYTES, passphrase, lib.from_base64(file.kdf.salt), file.kdf.opslimit, file.kdf.memlimit, lib.crypto_pwhash_ALG_ARGON2ID13);
    const privateKey = lib.crypto_secretbox_open_easy(lib.from_base64(file.sealedPrivateKey), lib.from_base64(file.nonce), key);
    return { publicKey: file.publicKey, privateKey };
  } catch {
    throw new WrongPassphrase();
  }
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
