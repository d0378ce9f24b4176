import { useEffect, useRef, useState } from "react";
import { type AuthMode, AuthForm, type PendingSecondFactor, authHeading } from "~/components/auth/AuthModal";
import { useI18n, useMessages } from "~/contexts/i18n";
import { useSession } from "~/components/session/session";
import type { PublicUser } from "~/lib/api-types";
import { afterSignInPath, isAdminPath } from "~/lib/redirect-path";

/**
 * /login (docs/product.md#signing-in): the auth dialog as a page. After sign-in the reader goes to `?redirect=` when it
 * is a path on this site (see safeRedirectPath), else an admin to the dashboard and anyone else
 * home (docs/product.md#roles-and-permissions). A reader who is already signed in is sent on at once. An island; `error` is the
 * server's answer to the form sent before the script had loaded (routes/login.tsx).
 */
export function LoginForm({
  redirectParam,
  initialMode,
  error,
  secondFactor = null,
}: {
  redirectParam: string | null;
  initialMode: AuthMode;
  error: string | null;
  /** The second step the server asked for, when the form was sent before the scripts ran (issue 35). */
  secondFactor?: PendingSecondFactor | null;
}) {
  const messages = useMessages();
  const { locale, defaultLocale } = useI18n();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const session = useSession();

  const [leaving, setLeaving] = useState(false);
  const left = useRef(false);
  const goOn = (user: PublicUser) => {
    if (left.current) return;
    left.current = true;
    setLeaving(true);
    const target = afterSignInPath(redirectParam, user.role, locale, defaultLocale);
    window.location.replace(target);
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
        {error && !secondFactor ? (
          <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {error}
          </p>
        ) : null}
        {leaving ? (
          <p role="status">{messages.loading}</p>
        ) : (
          <AuthForm
            mode={mode}
            initialSecondFactor={secondFactor}
            initialError={secondFactor ? error : null}
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
