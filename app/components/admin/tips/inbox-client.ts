/**
 * The newsroom's side of the tip line in the browser (issue 17): conversations arrive sealed and
 * are opened here with the key files' key pairs; replies are sealed here before they leave. The
 * private keys never reach a request. Failures carry the server's sentence, in the page's language,
 * or null when the network failed (the caller words that).
 */
import { apiRequest } from "~/lib/api-client";
import { WrongPassphrase, decryptAttachment, open, openKeyFile, sealForBoth, signReply } from "~/lib/tips/crypto";
import { bytesRequest, unwrapTip as unwrap } from "~/lib/tips/requests";
import type { TipAttachmentRef, TipKeyFile, TipMessageBody, TipReplyBody } from "~/lib/tips/protocol";
import type { InboxMessage, OpenTipKey, SealedInboxConversation } from "./inbox-types";


/** The outcome of opening one key file: its key pair, or that it is not one this passphrase opens. */
export type KeyFileOutcome = { fileName: string; key: OpenTipKey } | { fileName: string; key: null };

/**
 * Opens each file with the passphrase, one after the other: Argon2id at libsodium's moderate limits
 * takes 256 MB of memory, which several at once could exhaust on an ordinary laptop.
 */
export async function openKeyFiles(files: readonly File[], passphrase: string): Promise<KeyFileOutcome[]> {
  const outcomes: KeyFileOutcome[] = [];
  for (const file of files) {
    try {
      const parsed = JSON.parse(await file.text()) as TipKeyFile;
      const pair = await openKeyFile(parsed, passphrase);
      outcomes.push({ fileName: file.name, key: { ...pair, fileName: file.name } });
    } catch (error) {
      // Not JSON, not a key file, or the wrong passphrase: the editor is told the same for each.
      if (!(error instanceof SyntaxError || error instanceof WrongPassphrase)) throw error;
      outcomes.push({ fileName: file.name, key: null });
    }
  }
  return outcomes;
}

/** Opens every message of a conversation with the key it was sealed to, where that key is open. */
export async function openConversation(conversation: SealedInboxConversation, keys: readonly OpenTipKey[]): Promise<InboxMessage[]> {
  return Promise.all(
    conversation.messages.map(async ({ for_newsroom: sealed, ...message }): Promise<InboxMessage> => {
      const key = keys.find((candidate) => candidate.publicKey === message.public_key);
      if (!key) return { ...message, state: "missing-key" };
      try {
        return { ...message, state: "open", body: await open<TipMessageBody>(sealed, key) };
      } catch {
        return { ...message, state: "damaged" };
      }
    }),
  );
}

/** GET /api/tips/inbox/{id}: the conversation, sealed (the server audits the opening and marks it read). */
export async function fetchConversation(tipId: number): Promise<SealedInboxConversation> {
  return unwrap(await apiRequest<SealedInboxConversation>(`/api/tips/inbox/${tipId}`));
}

/** Thrown when the bytes arrived but did not decrypt: altered, cut off, or the wrong key. */
export class AttachmentDamaged extends Error {}

/** Fetches an attachment's ciphertext and returns it decrypted, typed as the source's browser named it. */
export async function decryptedAttachment(tipId: number, ref: TipAttachmentRef): Promise<Blob> {
  const response = await bytesRequest(`/api/tips/inbox/${tipId}/attachments/${encodeURIComponent(ref.id)}`);
  const ciphertext = new Uint8Array(await response.arrayBuffer());
  let bytes: Uint8Array;
  try {
    bytes = await decryptAttachment(ciphertext, ref.key, ref.padded === true);
  } catch {
    throw new AttachmentDamaged();
  }
  return new Blob([new Uint8Array(bytes)], { type: ref.type || "application/octet-stream" });
}

/** Hands a blob to the browser's downloads under `name`, without it ever having an address on the server. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Not at once: the browser reads the blob after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * POST /api/tips/inbox/{id}/replies: signed with the current key's signing key, then sealed here to
 * the newsroom's current key (so the newsroom can read its own words) and to the source's. The
 * signature is inside the box: the server sees neither it nor which replies one key signed.
 */
export async function sendReply(tipId: number, text: string, newsroomKey: string, sourcePublicKey: string, signingPrivateKey: Uint8Array): Promise<void> {
  const body: TipReplyBody = { text, signature: await signReply(text, sourcePublicKey, signingPrivateKey) };
  const message = await sealForBoth(body, newsroomKey, sourcePublicKey);
  unwrap(await apiRequest(`/api/tips/inbox/${tipId}/replies`, { method: "POST", json: { public_key: newsroomKey, message } }));
}

export async function setKept(tipId: number, keep: boolean): Promise<void> {
  unwrap(await apiRequest(`/api/tips/inbox/${tipId}/keep`, { method: "POST", json: { keep } }));
}

export async function deleteTip(tipId: number): Promise<void> {
  unwrap(await apiRequest(`/api/tips/inbox/${tipId}`, { method: "DELETE" }));
}

