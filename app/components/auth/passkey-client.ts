/**
 * The browser's half of passkeys (issue 35): asks the server for options, lets the browser prompt,
 * returns what it signed. @simplewebauthn/browser is loaded only when a passkey is used, so that it
 * weighs nothing on the pages that only might.
 */
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";
import { apiRequest } from "~/lib/api-client";

/** `error`: the server's message, or null when the person cancelled or the browser refused (the caller words it). */
export type PasskeyOutcome<T> = { ok: true; response: T } | { ok: false; error: string | null; code: string | null };

/** Whether this browser can use passkeys at all (WebAuthn, in a secure context). */
export const passkeysSupported = () => typeof window !== "undefined" && window.isSecureContext && typeof window.PublicKeyCredential === "function";

/** Signs the challenge in the options `optionsPath` answers (sent `json`) with one of the account's passkeys. */
export async function signWithPasskey(optionsPath: string, json?: unknown): Promise<PasskeyOutcome<AuthenticationResponseJSON>> {
  const options = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(optionsPath, { method: "POST", json });
  if (!options.ok) return { ok: false, error: options.error, code: options.code };
  const { startAuthentication } = await import("@simplewebauthn/browser");
  try {
    return { ok: true, response: await startAuthentication({ optionsJSON: options.data }) };
  } catch {
    return { ok: false, error: null, code: null };
  }
}

/** Makes a new passkey for the signed-in account, on the options the server gives. */
export async function createPasskey(): Promise<PasskeyOutcome<RegistrationResponseJSON>> {
  const options = await apiRequest<PublicKeyCredentialCreationOptionsJSON>("/api/users/me/passkeys/options", { method: "POST" });
  if (!options.ok) return { ok: false, error: options.error, code: options.code };
  const { startRegistration } = await import("@simplewebauthn/browser");
  try {
    return { ok: true, response: await startRegistration({ optionsJSON: options.data }) };
  } catch {
    return { ok: false, error: null, code: null };
  }
}
