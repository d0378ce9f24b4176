/**
 * Second factors (issue 35), as the browser and the server both name them. Pure data: the rules
 * live in app/server/services/second-factor-*.ts.
 */
import { ROLES, type Role } from "./limits";

/** What REQUIRE_SECOND_FACTOR may name: the lowest role that must have a second factor, or none. */
export const SECOND_FACTOR_REQUIREMENTS = ["contributor", "author", "editor", "admin", "none"] as const;
export type SecondFactorRequirement = (typeof SECOND_FACTOR_REQUIREMENTS)[number];

/** Whether `role` must have a second factor under `requirement` (roles are ordered least to most rights). */
export function roleNeedsSecondFactor(role: Role, requirement: SecondFactorRequirement): boolean {
  return requirement !== "none" && ROLES.indexOf(role) >= ROLES.indexOf(requirement);
}

/** The ways an account can finish a sign-in or prove itself again, as the API lists them. */
export const SECOND_FACTOR_METHODS = ["totp", "webauthn", "recovery"] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** An authenticator app's code: six digits (RFC 6238's usual length, and every app's default). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** How many recovery codes a set holds. */
export const RECOVERY_CODE_COUNT = 10;

/** How long a sign-in waits for its second factor, and how long a proof counts as fresh, in minutes. */
export const SECOND_FACTOR_CHALLENGE_MINUTES = 5;
export const REAUTHENTICATION_MINUTES = 5;

/** The longest name a passkey may be given. */
export const PASSKEY_NAME_MAX = 100;

/** What GET /api/users/me/second-factor answers: the account's second factors, and what it must do. */
export interface SecondFactorStatus {
  /** Authenticator codes are on. */
  totp: boolean;
  passkeys: PasskeyInfo[];
  /** Recovery codes not yet used. */
  recovery_codes_left: number;
  /** The account's role must have a second factor (REQUIRE_SECOND_FACTOR). */
  required: boolean;
  /** When this session last proved a second factor (or, for an account without one, its password). */
  reauthenticated_at: string | null;
}

export interface PasskeyInfo {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** The 401 body of a sign-in that needs its second step. */
export interface SecondFactorChallenge {
  error: string;
  code: "second_factor_required";
  challenge: string;
  methods: SecondFactorMethod[];
}
