import { useEffect, useRef, useState } from "react";
import { data, redirect, useActionData, useNavigate, useSearchParams } from "react-router";
import { ZodError } from "zod";
import { type AuthMode, AuthForm, authHeading } from "~/components/auth/AuthModal";
import { useSession } from "~/components/session/session";
import type { PublicUser } from "~/lib/api-types";
import { afterSignInPath, isAdminPath } from "~/lib/redirect-path";
import { translate } from "~/lib/i18n";
import { config } from "~/server/process/config";
import { pageLocale } from "~/server/http/page-locale";
import { firstMessage, loginSchema, registerSchema } from "~/lib/schemas";
import { AppError } from "~/server/errors";
import { loginAttempt, registration } from "~/server/http/rate-limits";
import { requestInfoContext } from "~/server/http/request-context";
import { database } from "~/server/process/runtime";
import { sessionCookie } from "~/server/http/session";
import { login, register } from "~/server/services/auth";
import { pageMeta, pageSeo } from "~/lib/seo/page-meta";
import type { Route } from "./+types/login";
import { useI18n, useMessages } from "~/components/i18n/i18n";

/**
 * The same sign-in and sign-up as the API, for a form sent before JavaScript has loaded (a slow
 * phone): success sets the session cookie and follows the redirect rule; failure shows the message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const ip = context.get(requestInfoContext).clientIp;
  try {
    const db = await database();
    const result = form.has("name")
      ? await registration(ip).then(() => register(db, registerSchema.parse({ name: field("name"), email: field("email"), password: field("password") })))
      : await loginAttempt(ip, field("email"), () => login(db, loginSchema.parse({ username: field("email"), password: field("password") })));
    const target = afterSignInPath(
      new URL(request.url).searchParams.get("redirect"),
      result.user.role,
      pageLocale(request),
      config().defaultLocale,
    );
    return redirect(target, { headers: { "Set-Cookie": sessionCookie(request, result.token) } });
  } catch (error) {
    const locale = pageLocale(request);
    if (error instanceof ZodError) return data({ error: translate(locale, firstMessage(error)) }, { status: 400 });
    if (error instanceof AppError) return data({ error: translate(locale, error.key, error.values) }, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const seo = pageSeo(matches, location);
  return pageMeta(seo, { title: seo.messages.login, noindex: true });
};

/**
 * SPEC 2 /login: the auth dialog as a page. After sign-in the reader goes to `?redirect=` when it
 * is a path on this site (see safeRedirectPath), else an admin to the dashboard and anyone else
 * home (SPEC 6). A reader who is already signed in is sent on at once.
 */
export default function LoginPage() {
  const messages = useMessages();
  const { locale, defaultLocale } = useI18n();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<AuthMode>(params.get("mode") === "signup" ? "signup" : "signin");
  const session = useSession();
  const navigate = useNavigate();
  const redirectParam = params.get("redirect");
  const failed = useActionData<typeof action>();

  const [leaving, setLeaving] = useState(false);
  const left = useRef(false);
  const goOn = (user: PublicUser) => {
    if (left.current) return;
    left.current = true;
    setLeaving(true);
    const target = afterSignInPath(redirectParam, user.role, locale, defaultLocale);
    // The admin area is its own application: it needs a full page load.
    if (isAdminPath(target)) window.location.assign(target);
    else navigate(target, { replace: true });
  };

  // Signed in already when the page loads, or through the header's sign-in while here.
  useEffect(() => {
    if (session.status === "ready" && session.user) goOn(session.user);
  });

  return (
    <section aria-labelledby="login-heading" className="mx-auto max-w-md py-6 sm:py-10">
      <div className="rounded-lg border border-neutral-200 bg-white p-6 shadow-sm sm:p-8 dark:border-neutral-800 dark:bg-neutral-900">
        <h1 id="login-heading" className="text-2xl font-bold">
          {authHeading(messages, mode)}
        </h1>
        <p className="mt-1 mb-6 text-sm text-neutral-600 dark:text-neutral-400">{messages.loginIntro}</p>
        {redirectParam && isAdminPath(redirectParam) ? (
          <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {messages.loginRequiredAdmin}
          </p>
        ) : null}
        {failed?.error ? (
          <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {failed.error}
          </p>
        ) : null}
        {leaving ? (
          <p role="status">{messages.loading}</p>
        ) : (
          <AuthForm
            mode={mode}
            onModeChange={setMode}
            onSignedIn={(user) => {
              session.signedIn(user);
              goOn(user);
            }}
          />
        )}
      </div>
    </section>
  );
}
