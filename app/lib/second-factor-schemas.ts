/**
 * What the second-factor endpoints take (issue 35), shared by the sign-in form and the server. A
 * WebAuthn response is checked here only for its shape; @simplewebauthn/server checks its meaning.
 */
import { z } from "zod";
import { PASSKEY_NAME_MAX } from "./second-factor";

/** An authenticator code or a recovery code, as typed: spaces and hyphens are the reader's, not the code's. */
const code = z
  .string({ error: "secondFactorCodeRequired" })
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(z.string().min(1, { error: "secondFactorCodeRequired" }).max(64, { error: "secondFactorCodeInvalid" }));

const assertion = z.looseObject({
  id: z.string(),
  rawId: z.string(),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string(), authenticatorData: z.string(), signature: z.string() }),
  clientExtensionResults: z.looseObject({}).default({}),
});

const attestation = z.looseObject({
  id: z.string(),
  rawId: z.string(),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string(), attestationObject: z.string() }),
  clientExtensionResults: z.looseObject({}).default({}),
});

/** A second factor proved: a code (authenticator or recovery), or a passkey's signed assertion. */
const proof = z
  .object({ code: code.optional(), webauthn: assertion.optional() }, { error: "secondFactorCodeRequired" })
  .refine((value) => value.code !== undefined || value.webauthn !== undefined, { error: "secondFactorCodeRequired" });

/** POST /api/admin/login/second-factor. */
export const secondFactorSignInSchema = z.intersection(
  z.object({ challenge: z.string({ error: "secondFactorChallengeInvalid" }).min(1, { error: "secondFactorChallengeInvalid" }).max(200, { error: "secondFactorChallengeInvalid" }) }),
  proof,
);

/** POST /api/admin/login/second-factor/options. */
export const loginChallengeSchema = z.object({
  challenge: z.string({ error: "secondFactorChallengeInvalid" }).min(1, { error: "secondFactorChallengeInvalid" }).max(200, { error: "secondFactorChallengeInvalid" }),
});

/** POST /api/users/me/reauthenticate: a second factor, or the password of an account that has none. */
export const reauthenticationSchema = z
  .object(
    { code: code.optional(), webauthn: assertion.optional(), password: z.string().min(1, { error: "allFieldsRequired" }).optional() },
    { error: "secondFactorCodeRequired" },
  )
  .refine((value) => value.code !== undefined || value.webauthn !== undefined || value.password !== undefined, { error: "secondFactorCodeRequired" });

/** POST /api/users/me/totp/confirm. */
export const totpConfirmSchema = z.object({ code: code.pipe(z.string().regex(/^\d{6}$/, { error: "secondFactorCodeInvalid" })) }, { error: "secondFactorCodeRequired" });

const passkeyName = z.string().trim().max(PASSKEY_NAME_MAX, { error: "fieldTooLong" });

/** POST /api/users/me/passkeys: the browser's registration response, and a name for the passkey. */
export const passkeyRegistrationSchema = z.object({ response: attestation, name: passkeyName.optional() }, { error: "invalidInput" });

/** PUT /api/users/me/passkeys/{id}. */
export const passkeyRenameSchema = z.object({ name: passkeyName }, { error: "invalidInput" });

export type SecondFactorProofInput = z.output<typeof proof>;
export type ReauthenticationInput = z.output<typeof reauthenticationSchema>;
export type PasskeyRegistrationInput = z.output<typeof passkeyRegistrationSchema>;
