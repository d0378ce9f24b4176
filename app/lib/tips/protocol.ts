/**
 * The tip line's formats (issue 17, docs/tips.md): what the browser and the server exchange, and
 * what the newsroom's key file holds. Every byte string is base64url without padding. The server
 * only ever stores and passes on ciphertext; what it can read is said where it can.
 */

/** The newsroom's private key, as an admin downloads it at set-up: sealed under a passphrase. */
export interface TipKeyFile {
  format: "khulasa-tip-key";
  version: 1;
  /** X25519: what sources' messages are sealed to (crypto_box_seal). */
  publicKey: string;
  createdAt: string;
  /** Argon2id (crypto_pwhash) of the passphrase gives the key that opens `sealedPrivateKey`. */
  kdf: { algorithm: "argon2id13"; salt: string; opslimit: number; memlimit: number };
  nonce: string;
  /** crypto_secretbox_easy(private key) under the passphrase's key. */
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
}

export interface TipAttachmentRef {
  /** The server's name for the uploaded ciphertext. */
  id: string;
  name: string;
  type: string;
  size: number;
  /** The secretstream key (crypto_secretstream_xchacha20poly1305) of this attachment. */
  key: string;
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
/** Encrypted chunks are uploaded in requests of at most this many bytes. */
export const UPLOAD_PART_BYTES = 1024 * 1024;

/** A codename is this many words of the BIP-39 English list (2,048 words): 88 bits. */
export const CODENAME_WORDS = 8;

/** What the source's side needs from the server to send a tip (GET /api/tips/setup). */
export interface TipSetup {
  /** The newsroom's current public key, or null when the tip line is not set up. */
  publicKey: string | null;
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

/** A message of a conversation as the source reads it, opened (by their browser, or by the server without JavaScript). */
export interface ReadableTipMessage {
  id: number;
  sender: "source" | "newsroom";
  created_at: string;
  text: string;
  contact?: string;
  attachments: number;
}

export type TipIntent = "send" | "open" | "reply";

/** What the tip line's page shows after one of its forms was sent. */
export type TipPageResult =
  | { kind: "sent"; codename: string }
  | { kind: "conversation"; codename: string; messages: ReadableTipMessage[]; replied: boolean }
  | { kind: "error"; intent: TipIntent; error: string; codename?: string };
