/**
 * The source's side of the tip line in the browser (issue 17): everything is sealed here before it
 * leaves, so the server only ever receives ciphertext. Errors come back in the page's language
 * (the server words them), or as a generic failure when the network failed.
 */
import { apiRequest } from "~/lib/api-client";
import { type KeyPair, encryptAttachment, newCodename, open, replySignedBy, sealForBoth, sourceKeys } from "~/lib/tips/crypto";
import { type KeyTrust, trustKeyChain } from "~/lib/tips/key-trust";
import type { ReadableTipMessage, TipAttachmentRef, TipMessageBody, TipReplyBody, TipSetup } from "~/lib/tips/protocol";
import type { TipPuzzleSolution } from "~/lib/tips/puzzle";
import { TipFailure, bytesRequest, unwrapTip as unwrap } from "~/lib/tips/requests";
import { solvedPuzzle } from "./solve-puzzle";

const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

/**
 * Where this browser keeps the fingerprint of the newsroom's key it trusts (issue 36). It is a
 * trace, on the source's device, that it opened the tip line: docs/tips.md says so, and the page.
 */
const KEPT_FINGERPRINT = "khulasa-tip-key-fingerprint";

function keptFingerprint(): string | null {
  try {
    return localStorage.getItem(KEPT_FINGERPRINT);
  } catch {
    // Storage turned off: every visit is a first one, and says so by showing the words to compare.
    return null;
  }
}

/** Checks the key chain the server published against the fingerprint kept here, and keeps the one to trust from now on. */
async function trustNewsroomKey(setup: TipSetup): Promise<KeyTrust | null> {
  const trust = await trustKeyChain(setup.chain, keptFingerprint());
  if (trust) {
    try {
      localStorage.setItem(KEPT_FINGERPRINT, trust.keep);
    } catch {
      // As above: nothing kept, nothing to compare with next time.
    }
  }
  return trust;
}

/** What the page shows of the newsroom's key: its fingerprint, and whether it is the key this browser trusted before. */
export async function checkNewsroomKey(): Promise<KeyTrust | null> {
  return trustNewsroomKey(unwrap(await apiRequest<TipSetup>("/api/tips/setup")));
}

/**
 * A photo without its metadata (EXIF: location, camera, time): drawn onto a canvas and encoded
 * again, which keeps the pixels (turned upright first) and nothing else. Other files pass unchanged.
 */
async function withoutMetadata(file: File): Promise<Blob> {
  if (!IMAGE_TYPES.has(file.type)) return file;
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  const canvas = document.createElement("canvas");
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0);
  bitmap.close();
  const type = file.type === "image/png" ? "image/png" : "image/jpeg";
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("image could not be encoded"))), type, 0.92));
}

/**
 * Encrypts one file and uploads its ciphertext in parts, telling `onProgress` the share sent (0 to
 * 1); the attachment counts against the conversation `puzzle` will open.
 */
async function uploadAttachment(file: File, keepMetadata: boolean, puzzle: TipPuzzleSolution, onProgress: (share: number) => void): Promise<TipAttachmentRef> {
  const clean = keepMetadata ? file : await withoutMetadata(file);
  const { key, ciphertext } = await encryptAttachment(new Uint8Array(await clean.arrayBuffer()));
  const { id, part_bytes: partBytes } = unwrap(await apiRequest<{ id: string; part_bytes: number }>("/api/tips/attachments", { method: "POST", json: { size: ciphertext.length, puzzle } }));
  for (let part = 0; part * partBytes < ciphertext.length; part++) {
    const body = ciphertext.slice(part * partBytes, (part + 1) * partBytes);
    await bytesRequest(`/api/tips/attachments/${encodeURIComponent(id)}/parts/${part}`, { method: "PUT", headers: { "content-type": "application/octet-stream" }, body });
    onProgress(Math.min(1, ((part + 1) * partBytes) / ciphertext.length));
  }
  return { id, name: file.name, type: clean.type || file.type, size: clean.size, key, padded: true };
}

export interface BrowserTip {
  text: string;
  contact: string;
  files: File[];
  keepMetadata: boolean;
}

/**
 * Sends a first tip, sealed here, after solving the server's puzzle (`onPreparing` is told when
 * that starts and ends); returns the codename to show the source, once.
 */
export async function sendTipFromBrowser(tip: BrowserTip, onProgress: (file: string, share: number) => void, onPreparing: (preparing: boolean) => void): Promise<string> {
  const setup = unwrap(await apiRequest<TipSetup>("/api/tips/setup"));
  if (!setup.publicKey) throw new TipFailure(null);
  const codename = await newCodename();
  onPreparing(true);
  // The worker solves while this thread derives the codename's keys.
  const [puzzle, { keys, accessToken }] = await Promise.all([solvedPuzzle(), sourceKeys(codename, setup.codenameSalt)]);
  onPreparing(false);
  const attachments: TipAttachmentRef[] = [];
  for (const file of tip.files) attachments.push(await uploadAttachment(file, tip.keepMetadata, puzzle, (share) => onProgress(file.name, share)));
  const body: TipMessageBody = { text: tip.text, ...(tip.contact ? { contact: tip.contact } : {}), ...(attachments.length ? { attachments } : {}) };
  unwrap(
    await apiRequest("/api/tips", {
      method: "POST",
      json: {
        public_key: setup.publicKey,
        source_public_key: keys.publicKey,
        access_token: accessToken,
        message: await sealForBoth(body, setup.publicKey, keys.publicKey),
        attachments: attachments.map((a) => a.id),
        puzzle,
      },
    }),
  );
  return codename;
}

interface SealedConversation {
  messages: { id: number; sender: "source" | "newsroom"; created_at: string; for_source: string; attachments: { id: string; size: number }[] }[];
}

/** A returning source's conversation: fetched sealed, opened here with the keys the codename gives. */
export async function openConversationInBrowser(codename: string): Promise<{ messages: ReadableTipMessage[]; keys: KeyPair; accessToken: string; newsroomKey: string | null }> {
  const setup = unwrap(await apiRequest<TipSetup>("/api/tips/setup"));
  const trusted = (await trustNewsroomKey(setup))?.trustedSigningKeys ?? [];
  const { keys, accessToken } = await sourceKeys(codename, setup.codenameSalt);
  const { messages } = unwrap(await apiRequest<SealedConversation>("/api/tips/conversation", { method: "POST", json: { access_token: accessToken } }));
  const readable = await Promise.all(
    messages.map(async (message): Promise<ReadableTipMessage> => {
      const body = await open<TipMessageBody & TipReplyBody>(message.for_source, keys);
      // Anyone who can write to the server's database can seal a message to this source's key; only the newsroom's key file signs.
      const signature = message.sender === "newsroom" ? ((await replySignedBy(body.text, body.signature, keys.publicKey, trusted)) ? "valid" : "invalid") : undefined;
      return { id: message.id, sender: message.sender, created_at: message.created_at, text: body.text, ...(body.contact ? { contact: body.contact } : {}), attachments: message.attachments.length, ...(signature ? { signature } : {}) };
    }),
  );
  return { messages: readable, keys, accessToken, newsroomKey: setup.publicKey };
}

/** A returning source's answer, sealed here to the newsroom and to themselves. */
export async function replyFromBrowser(session: { keys: KeyPair; accessToken: string; newsroomKey: string | null }, text: string): Promise<void> {
  if (!session.newsroomKey) throw new TipFailure(null);
  const message = await sealForBoth({ text }, session.newsroomKey, session.keys.publicKey);
  unwrap(await apiRequest("/api/tips/conversation/messages", { method: "POST", json: { access_token: session.accessToken, public_key: session.newsroomKey, message } }));
}
