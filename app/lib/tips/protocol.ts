/**
 * The tip line's formats (issue 17, docs/tips.md): what the browser and the server exchange, and
 * what the newsroom's key file holds. Every byte string is base64url without padding. The server
 * only ever stores and passes on ciphertext; what it can read is said where it can.
 */

/**
 * The newsroom's private keys, as an admin downloads them at set-up: sealed under a passphrase.
 * Version 1 files (before issue 36) hold the X25519 key only; they still open the tips sealed to
 * them, but cannot sign a reply or a new key (docs/tips.md, "The key's chain of trust").
 */
export type TipKeyFile = TipKeyFileV1 | TipKeyFileV2;

interface TipKeyFileBase {
  format: "khulasa-tip-key";
  /** X25519: what sources' messages are sealed to (crypto_box_seal). */
  publicKey: string;
  createdAt: string;
  /** Argon2id (crypto_pwhash) of the passphrase gives the key that opens `sealedPrivateKey`. */
  kdf: { algorithm: "argon2id13"; salt: string; opslimit: number; memlimit: number };
  nonce: string;
}

export interface TipKeyFileV1 extends TipKeyFileBase {
  version: 1;
  /** crypto_secretbox_easy(X25519 private key) under the passphrase's key. */
  sealedPrivateKey: string;
}

export interface TipKeyFileV2 extends TipKeyFileBase {
  version: 2;
  /** Ed25519 (crypto_sign): what signs the newsroom's replies and its next key. */
  signingPublicKey: string;
  /** crypto_secretbox_easy(X25519 private key, 32 bytes ‖ Ed25519 secret key, 64 bytes) under the passphrase's key. */
  sealedPrivateKey: string;
}

/** What a source's message says, before it is sealed. */
export interface TipMessageBody {
  text: string;
  /** How the source would like to be reached, if at all. */
  contact?: string;
  /** The attachments sent with this message, each with the key that opens its stream. */
  attachments?: TipAttachmentRef[];
}

/** A newsroom reply, or a source's later answer, before it is sealed. */
export interface TipReplyBody {
  text: string;
  /**
   * A newsroom reply's Ed25519 signature (crypto_sign_detached) of its text bound to the source's
   * public key (crypto.ts, replySigningBytes): inside the box, so the server sees no signature.
   */
  signature?: string;
}

export interface TipAttachmentRef {
  /** The server's name for the uploaded ciphertext. */
  id: string;
  name: string;
  type: string;
  /** The file's own size, before padding: only the newsroom, opening the message, learns it. */
  size: number;
  /** The secretstream key (crypto_secretstream_xchacha20poly1305) of this attachment. */
  key: string;
  /** The plaintext was padded to its bucket before encryption; absent on attachments sent before padding (issue 36). */
  padded?: true;
}

/**
 * One message as stored: sealed twice, to the newsroom's key and to the source's (derived from the
 * codename), so that each side can read the whole conversation and the server neither.
 */
export interface SealedMessage {
  forNewsroom: string;
  forSource: string;
}

/** Attachments are encrypted as a stream of chunks of this many bytes of plaintext each. */
export const ATTACHMENT_CHUNK_BYTES = 64 * 1024;
/** Encrypted chunks are uploaded in requests of this many bytes, the last part with what remains. */
export const UPLOAD_PART_BYTES = 1024 * 1024;

/** A codename is this many words of the BIP-39 English list (2,048 words): 88 bits. */
export const CODENAME_WORDS = 8;

/**
 * One of the newsroom's keys as the server publishes it: each key after the first carries the
 * signature of its public keys by the key before it (crypto.ts, keySigningBytes), so that a browser
 * that trusted an earlier key can tell a rotation from a swap.
 */
export interface TipKeyLink {
  publicKey: string;
  /** Null for a key made before issue 36 (a version 1 key file). */
  signingPublicKey: string | null;
  /** By the previous key's signing key; null for the first key, and after a key that had none. */
  signature: string | null;
  createdAt: string;
}

/** What the source's side needs from the server to send a tip (GET /api/tips/setup). */
export interface TipSetup {
  /** The newsroom's current public key, or null when the tip line is not set up. */
  publicKey: string | null;
  /** The current key's signing key (null when none, or for a key made before issue 36). */
  signingPublicKey: string | null;
  /** Every key, oldest first, the last being the current one. */
  chain: TipKeyLink[];
  /** The site's salt for deriving a source's keys from a codename (public, fixed per site). */
  codenameSalt: string;
  maxAttachmentBytes: number;
  maxAttachments: number;
  maxMessageChars: number;
}

/** What a message may hold (the server checks what it can see: the sealed size, the attachments). */
export const TIP_LIMITS = {
  maxMessageChars: 20_000,
  maxContactChars: 500,
  maxAttachments: 5,
  maxAttachmentMb: 25,
} as const;

/*
 * Padding (issue 36, docs/decisions.md): what is sealed is first padded (ISO/IEC 7816-4, libsodium's
 * sodium_pad) to a size bucket, so that a stored size tells which bucket, not which document. The
 * server knows the buckets and refuses any other size, so a client cannot store an exact one.
 */

/** libsodium's fixed overheads, which the server checks sizes with without loading libsodium (crypto.test.ts compares them). */
export const SEALED_BOX_BYTES = 48;
export const SECRETSTREAM_HEADER_BYTES = 24;
export const SECRETSTREAM_CHUNK_OVERHEAD = 17;

/**
 * The first byte of a padded message's plaintext: the JSON of a message that was sealed before
 * padding begins with "{", so a message opened tells which it is.
 */
export const PADDED_MESSAGE_MARK = 0x01;

/** A message's padded plaintext: a power of two from 1 KiB up to 128 KiB, room for the longest message in any script. */
export const MESSAGE_BUCKETS: readonly number[] = Array.from({ length: 8 }, (_, n) => 1024 * 2 ** n);

/** The bucket `length` bytes (the mark and the padding's own byte included) are padded to: a power of two, at least 1 KiB. */
export function messageBucket(length: number): number {
  return Math.max(MESSAGE_BUCKETS[0]!, 2 ** Math.ceil(Math.log2(length)));
}

/**
 * An attachment's padded plaintext: whole chunks, a power of two of them up to 16 MiB, then one
 * bucket for everything above, up to the largest file the tip line takes with its padding byte.
 */
export const ATTACHMENT_BUCKETS: readonly number[] = [
  ...Array.from({ length: 9 }, (_, n) => ATTACHMENT_CHUNK_BYTES * 2 ** n),
  Math.ceil((TIP_LIMITS.maxAttachmentMb * 1024 * 1024 + 1) / ATTACHMENT_CHUNK_BYTES) * ATTACHMENT_CHUNK_BYTES,
];

/** The smallest bucket that holds `length` bytes (the padding's own byte included), or null when none does. */
export function attachmentBucket(length: number): number | null {
  return ATTACHMENT_BUCKETS.find((bucket) => bucket >= length) ?? null;
}

/** The bytes of a sealed message padded to `bucket`. */
export const sealedMessageBytes = (bucket: number) => bucket + SEALED_BOX_BYTES;

/** The bytes of an attachment's secretstream whose plaintext was padded to `bucket`. */
export const encryptedAttachmentBytes = (bucket: number) => SECRETSTREAM_HEADER_BYTES + (bucket / ATTACHMENT_CHUNK_BYTES) * (ATTACHMENT_CHUNK_BYTES + SECRETSTREAM_CHUNK_OVERHEAD);

/** A message of a conversation as the source reads it, opened (by their browser, or by the server without JavaScript). */
export interface ReadableTipMessage {
  id: number;
  sender: "source" | "newsroom";
  created_at: string;
  text: string;
  contact?: string;
  attachments: number;
  /**
   * A newsroom reply's signature, as the source's browser found it against the keys it trusts; absent
   * where nothing checked it (the path without JavaScript) and on the source's own messages.
   */
  signature?: "valid" | "invalid";
}

export type TipIntent = "send" | "open" | "reply";

/** What the tip line's page shows after one of its forms was sent. */
export type TipPageResult =
  | { kind: "sent"; codename: string }
  | { kind: "conversation"; codename: string; messages: ReadableTipMessage[]; replied: boolean }
  | { kind: "error"; intent: TipIntent; error: string; codename?: string };
