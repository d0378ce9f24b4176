/**
 * The tip line's keys in the browser tests (issue 36): every key after the first must be signed by
 * the one before it, so each key a test makes is kept, file and passphrase, in a folder beside the
 * e2e server's data (both are removed when the server starts again), and the next test that rotates
 * signs with it, through the API or by opening its file in the back office.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { type NewsroomKeys, newNewsroomKey, openKeyFile, signNewKey } from "../../../app/lib/tips/crypto";
import type { TipKeyFileV2, TipSetup } from "../../../app/lib/tips/protocol";
import { adminSend } from "./admin";

export const TIP_KEY_PASSPHRASE = "a long newsroom passphrase for the e2e key";

const folder = path.resolve(`./data-e2e-${process.env.E2E_PORT ?? 3107}`, "test-tip-keys");
const fileOf = (signingPublicKey: string) => path.join(folder, `${signingPublicKey}.json`);

/** Keeps a key's file for the tests that come after, under its signing key's name. */
export async function keepTipKeyFile(file: TipKeyFileV2): Promise<string> {
  await mkdir(folder, { recursive: true });
  await writeFile(fileOf(file.signingPublicKey), JSON.stringify(file));
  return fileOf(file.signingPublicKey);
}

/** The server's current key's file, as a test kept it (its passphrase is TIP_KEY_PASSPHRASE), or null when there is no key. */
export async function currentTipKeyFile(request: APIRequestContext): Promise<{ path: string; file: TipKeyFileV2 } | null> {
  const setup = (await (await request.get("/api/tips/setup")).json()) as TipSetup;
  if (!setup.signingPublicKey) return null;
  const at = fileOf(setup.signingPublicKey);
  return { path: at, file: JSON.parse(await readFile(at, "utf8")) as TipKeyFileV2 };
}

/**
 * After Argon2 (seconds on this thread): lets the client see the idle connections the server closed
 * meanwhile, or it reuses one and the request fails with ECONNRESET.
 */
export const afterArgon2 = () => new Promise((resolve) => setImmediate(resolve));

/** A new key, posted as an admin's browser posts it, signed by the current key when there is one; its file is kept. */
export async function rotateTipKey(request: APIRequestContext): Promise<{ keys: NewsroomKeys; file: TipKeyFileV2; path: string }> {
  const current = await currentTipKeyFile(request);
  const { keys, file } = await newNewsroomKey(TIP_KEY_PASSPHRASE);
  const signer = current ? await openKeyFile(current.file, TIP_KEY_PASSPHRASE) : null;
  await afterArgon2();
  const signature = signer?.signing ? await signNewKey(file, signer.signing.privateKey) : undefined;
  await adminSend(request, "POST", "/api/tips/keys", { public_key: file.publicKey, signing_public_key: file.signingPublicKey, ...(signature ? { signature } : {}) });
  return { keys, file, path: await keepTipKeyFile(file) };
}

/** The tip line open, with a key of the tests' own: the current one, or a first one made now. */
export async function openTipLine(request: APIRequestContext): Promise<void> {
  if (!(await currentTipKeyFile(request))) await rotateTipKey(request);
}
