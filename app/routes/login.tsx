import { data, redirect, useActionData, useSearchParams } from "react-router";
import { ZodError } from "zod";
import { LoginForm } from "~/components/auth/LoginForm";
import { island } from "~/islands/Island";
import { afterSignInPath } from "~/lib/redirect-path";
import { translate } from "~/lib/i18n";
import { config } from "~/server/platform/config";
import { localizedFor, pageLocale } from "~/server/http/page-locale";
import { firstMessage, loginSchema, registerSchema } from "~/lib/schemas";
import { AppError } from "~/server/errors";
import { loginAttempt, registration, secondFactorAttempt } from "~/server/services/rate-limits";
import { requestInfoContext } from "~/server/http/request-context";
import { database } from "~/server/process/runtime";
import { sessionClient, sessionCookie } from "~/server/http/session";
import { type SignedIn, completeSecondFactorSignIn, login, register } from "~/server/services/auth";
import { findLoginChallenge } from "~/server/services/login-challenges";
import { secondFactorSignInSchema } from "~/lib/second-factor-schemas";
import { SECOND_FACTOR_METHODS } from "~/lib/second-factor";
import { ACCOUNT_SECURITY_PATH } from "~/lib/admin-paths";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import type { Route } from "./+types/login";
import type { Sharing } from "~/lib/sharing";
import type { RequestLogging } from "~/lib/request-logging";

export const sharing: Sharing = "public";
export const logging: RequestLogging = "timed";

const LoginFormIsland = island("login-form", LoginForm);

/**
 * The same sign-in and sign-up as the API, for a form sent before JavaScript has loaded (a slow
 * phone): success sets the session cookie and follows the redirect rule; failure shows the message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const ip = context.get(requestInfoContext).clientIp;
  // The second step's form carries its challenge, and the methods to offer again if a code is wrong.
  const pending = form.has("challenge") ? { challenge: field("challenge"), methods: SECOND_FACTOR_METHODS.filter((method) => field("methods").split(",").includes(method)) } : null;
  const locale = pageLocale(request);
  try {
    const db = await database();
    const client = sessionClient(request);
    let result: SignedIn;
    if (pending) {
      const input = secondFactorSignInSchema.parse({ challenge: pending.challenge, code: field("code") });
      const waiting = await findLoginChallenge(db, input.challenge);
      result = await secondFactorAttempt(ip, waiting.userId, () => completeSecondFactorSignIn(db, waiting, input, client));
    } else if (form.has("name")) {
      result = await registration(ip).then(() => register(db, registerSchema.parse({ name: field("name"), email: field("email"), password: field("password") }), client));
    } else {
      const outcome = await loginAttempt(ip, field("email"), () => login(db, loginSchema.parse({ username: field("email"), password: field("password") }), client));
      if ("secondFactor" in outcome) return data({ error: null, secondFactor: outcome.secondFactor }, { status: 401 });
      result = outcome;
    }
    const target = result.second_factor_enrolment_required
      ? localizedFor(request, ACCOUNT_SECURITY_PATH)
      : afterSignInPath(new URL(request.url).searchParams.get("redirect"), result.user.role, locale, config().defaultLocale);
    return redirect(target, { headers: { "Set-Cookie": sessionCookie(request, result.token) } });
  } catch (error) {
    // A wrong code keeps the second step; an expired challenge goes back to the password.
    const stillPending = error instanceof AppError && error.key === "secondFactorChallengeInvalid" ? null : pending;
    if (error instanceof ZodError) return data({ error: translate(locale, firstMessage(error)), secondFactor: stillPending }, { status: 400 });
    if (error instanceof AppError) return data({ error: translate(locale, error.key, error.values), secondFactor: stillPending }, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const seo = pageSeo(matches, location);
  return pageMeta(seo, { title: seo.messages.login, noindex: true });
};

/** SPEC 2 /login: the auth dialog as a page (the form is an island, LoginForm). */
export default function LoginPage() {
  const [params] = useSearchParams();
  const failed = useActionData<typeof action>();
  return (
    <LoginFormIsland
      redirectParam={params.get("redirect")}
      initialMode={params.get("mode") === "signup" ? "signup" : "signin"}
      error={failed?.error ?? null}
      secondFactor={failed?.secondFactor ?? null}
    />
  );
}
