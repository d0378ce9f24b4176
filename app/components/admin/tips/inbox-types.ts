/**
 * What the back office's tip-line screens receive from the server (docs/api.md, "Tip line"): the
 * list and the keys carry no content; a conversation arrives sealed and is opened in the browser.
 */
import type { NewsroomKeys } from "~/lib/tips/crypto";
import type { TipMessageBody } from "~/lib/tips/protocol";

export interface InboxTip {
  id: number;
  created_at: string;
  last_message_at: string;
  unread: boolean;
  kept: boolean;
  /** When the retention period deletes it; null while it is kept. */
  expires_at: string | null;
  messages: number;
}

export interface InboxPage {
  tips: InboxTip[];
  total: number;
  page: number;
  per_page: number;
}

export interface TipKeyInfo {
  id: number;
  public_key: string;
  /** Null for a key made before keys could sign (issue 36). */
  signing_public_key: string | null;
  /** Eight words of both public keys' hash, for people to compare (lib/tips/crypto.ts, keyFingerprint). */
  fingerprint: string;
  /** Whether the key before it signed it; null for the first key. */
  signed_by_previous: boolean | null;
  created_at: string;
  current: boolean;
}

export interface SealedInboxMessage {
  id: number;
  sender: "source" | "newsroom";
  created_at: string;
  /** The newsroom key it was sealed to: the one whose file opens it. */
  public_key: string;
  for_newsroom: string;
  attachments: { id: string; size: number }[];
}

export interface SealedInboxConversation {
  id: number;
  source_public_key: string;
  kept: boolean;
  messages: SealedInboxMessage[];
}

/** The keys opened from a key file, held in the page's memory only. */
export interface OpenTipKey extends NewsroomKeys {
  fileName: string;
}

/** A message as the inbox shows it: opened, or why it could not be. */
export type InboxMessage = Pick<SealedInboxMessage, "id" | "sender" | "created_at" | "public_key" | "attachments"> &
  ({ state: "open"; body: TipMessageBody } | { state: "missing-key" } | { state: "damaged" });

/** The first characters of a public key: enough to tell keys apart on screen, and to match a file's name for it. */
export const fingerprint = (publicKey: string) => publicKey.slice(0, 8);
