/** The answers of a sign-in (issue 35): a session and its cookie, or the second factor it awaits. */
import { errorCode } from "~/lib/error-codes";
import type { Locale } from "~/lib/i18n";
import { translate } from "~/lib/i18n";
import type { SecondFactorChallenge, SecondFactorMethod } from "~/lib/second-factor";
import type { SignedIn } from "../services/auth";
import { json } from "./api";
import { sessionCookie } from "./session";

/** `{token, user}` and the session cookie: what every finished sign-in answers. */
export const signedInJson = (request: Request, signedIn: SignedIn) => json(signedIn, 200, { "Set-Cookie": sessionCookie(request, signedIn.token) });

/** 401 with the challenge that finishes the sign-in, and the methods the account has; no cookie. */
export function secondFactorChallengeJson(locale: Locale, pending: { challenge: string; methods: SecondFactorMethod[] }): Response {
  const body: SecondFactorChallenge = {
    error: translate(locale, "secondFactorRequired"),
    code: errorCode("secondFactorRequired") as "second_factor_required",
    challenge: pending.challenge,
    methods: pending.methods,
  };
  return json(body, 401);
}
