import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { type AuthMode, AuthForm, authHeading } from "~/components/auth/AuthModal";
import { useSession } from "~/components/session/session";
import type { PublicUser } from "~/lib/api-types";
import { messages } from "~/lib/messages";
import { afterSignInPath, isAdminPath } from "~/lib/redirect-path";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: messages.login }, { name: "robots", content: "noindex" }];

/**
 * SPEC 2 /login: the auth dialog as a page. After sign-in the reader goes to `?redirect=` when it
 * is a path on this site (see safeRedirectPath), else an admin to the dashboard and anyone else
 * home (SPEC 6). A reader who is already signed in is sent on at once.
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<AuthMode>(params.get("mode") === "signup" ? "signup" : "signin");
  const session = useSession();
  const navigate = useNavigate();
  const redirect = params.get("redirect");

  const [leaving, setLeaving] = useState(false);
  const left = useRef(false);
  const goOn = (user: PublicUser) => {
    if (left.current) return;
    left.current = true;
    setLeaving(true);
    const target = afterSignInPath(redirect, user.role);
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
          {authHeading(mode)}
        </h1>
        <p className="mt-1 mb-6 text-sm text-neutral-600 dark:text-neutral-400">{messages.loginIntro}</p>
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
