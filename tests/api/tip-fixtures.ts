/** What a source's browser and an editor's do on the tip line, done here with the same code (lib/tips/crypto.ts). */
import { encryptAttachment, newCodename, newNewsroomKey, sealForBoth, signNewKey, signReply, sourceKeys } from "../../app/lib/tips/crypto";
import type { KeyPair, NewsroomKeys } from "../../app/lib/tips/crypto";
import type { TipKeyFileV2, TipMessageBody, TipSetup } from "../../app/lib/tips/protocol";
import { type TipPuzzle, type TipPuzzleSolution, searchNonce } from "../../app/lib/tips/puzzle";
import { type ApiResponse, type RequestOptions, reauthenticated } from "./client";

type Call = (path: string, options?: RequestOptions) => Promise<ApiResponse>;

/** Argon2 held the thread for seconds: lets the client see the idle connections the server closed meanwhile, or it reuses one. */
export const afterArgon2 = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The signing keys of the keys this test file made, by public signing key: a rotation signs the new
 * key with the current one, as the back office does with the current key's file (issue 36).
 */
const signingKeys = new Map<string, Uint8Array>();

/** A new key and what POST /api/tips/keys takes for it: its public keys, signed by the server's current key when that one can sign. */
export async function newTipKey(call: Call, passphrase = "the newsroom's passphrase"): Promise<{ keys: NewsroomKeys; file: TipKeyFileV2; body: Record<string, string> }> {
  const current = ((await call("/api/tips/setup")).body as TipSetup).signingPublicKey;
  const { keys, file } = await newNewsroomKey(passphrase);
  signingKeys.set(file.signingPublicKey, keys.signing!.privateKey);
  const body: Record<string, string> = { public_key: file.publicKey, signing_public_key: file.signingPublicKey };
  if (current) {
    const signer = signingKeys.get(current);
    if (!signer) throw new Error("The server's current tip key was not made by this test file, which cannot sign its successor.");
    body.signature = await signNewKey(file, signer);
  }
  return { keys, file, body };
}

/** The newsroom's keys, set up by `adminToken` (a new one each time: a rotation, signed by the key before), which proves itself again first. */
export async function setUpTipKey(call: Call, adminToken: string, passphrase = "the newsroom's passphrase") {
  const { keys, file, body } = await newTipKey(call, passphrase);
  await afterArgon2();
  await reauthenticated(call, adminToken);
  const res = await call("/api/tips/keys", { method: "POST", token: adminToken, json: body });
  if (res.status !== 201) throw new Error(`tip key: ${res.status} ${JSON.stringify(res.body)}`);
  return { keys, file };
}

/** The server's proof-of-work challenge, solved as the source's browser solves it (test servers ask for few bits). */
export async function solvedPuzzle(call: Call): Promise<TipPuzzleSolution> {
  const res = await call("/api/tips/puzzle");
  if (res.status !== 200) throw new Error(`puzzle: ${res.status} ${JSON.stringify(res.body)}`);
  const { challenge, difficulty } = res.body as TipPuzzle;
  return { challenge, nonce: searchNonce(challenge, difficulty, 0, Number.MAX_SAFE_INTEGER)! };
}

export interface SentTip {
  codename: string;
  source: KeyPair;
  accessToken: string;
  newsroomKey: string;
  /** How many attachment parts were uploaded (their padded ciphertext, in the server's part size). */
  parts: number;
}

/** A source's tip with `body`, and each of `attachments` encrypted and uploaded in parts. */
export async function sendTip(call: Call, body: Omit<TipMessageBody, "attachments">, attachments: { name: string; type: string; bytes: Uint8Array }[] = []): Promise<SentTip> {
  const setup = (await call("/api/tips/setup")).body as TipSetup;
  if (!setup.publicKey) throw new Error("no tip key");
  const codename = await newCodename();
  const { keys, accessToken } = await sourceKeys(codename, setup.codenameSalt);
  const puzzle = await solvedPuzzle(call);
  const refs = [];
  let parts = 0;
  for (const file of attachments) {
    const { key, ciphertext } = await encryptAttachment(file.bytes);
    const started = await call("/api/tips/attachments", { method: "POST", json: { size: ciphertext.length, puzzle } });
    if (started.status !== 201) throw new Error(`attachment: ${started.status} ${JSON.stringify(started.body)}`);
    const partBytes = started.body.part_bytes as number;
    for (let part = 0; part * partBytes < ciphertext.length; part++) {
      const stored = await call(`/api/tips/attachments/${started.body.id}/parts/${part}`, { method: "PUT", bytes: ciphertext.slice(part * partBytes, (part + 1) * partBytes) });
      if (stored.status !== 204) throw new Error(`part: ${stored.status} ${JSON.stringify(stored.body)}`);
      parts++;
    }
    refs.push({ id: started.body.id as string, name: file.name, type: file.type, size: file.bytes.length, key, padded: true as const });
  }
  const message: TipMessageBody = { ...body, ...(refs.length ? { attachments: refs } : {}) };
  const sent = await call("/api/tips", {
    method: "POST",
    json: {
      public_key: setup.publicKey,
      source_public_key: keys.publicKey,
      access_token: accessToken,
      message: await sealForBoth(message, setup.publicKey, keys.publicKey),
      attachments: refs.map((ref) => ref.id),
      puzzle,
    },
  });
  if (sent.status !== 201) throw new Error(`tip: ${sent.status} ${JSON.stringify(sent.body)}`);
  return { codename, source: keys, accessToken, newsroomKey: setup.publicKey, parts };
}

/** A source's answer sealed to the newsroom and to the source, as their browser seals it. */
export const sealedForBoth = (text: string, newsroomKey: string, sourcePublicKey: string) => sealForBoth({ text }, newsroomKey, sourcePublicKey);

/** A newsroom reply as an editor's browser makes it: signed with the current key's file, then sealed to both. */
export const signedReply = async (text: string, newsroom: NewsroomKeys, sourcePublicKey: string) =>
  sealForBoth({ text, signature: await signReply(text, sourcePublicKey, newsroom.signing!.privateKey) }, newsroom.publicKey, sourcePublicKey);
