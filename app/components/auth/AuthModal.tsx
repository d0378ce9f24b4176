import { useEffect, useId, useState } from "react";
import { Dialog } from "~/components/ui/Dialog";
import type { PublicUser } from "~/lib/api-types";
import { apiRequest } from "~/lib/api-client";
import { useLocalizePath, useMessages } from "~/contexts/i18n";
import type { Catalog } from "~/lib/i18n";
import { ACCOUNT_SECURITY_PATH } from "~/lib/admin-paths";
import { SECOND_FACTOR_METHODS, type SecondFactorMethod } from "~/lib/second-factor";
import { signWithPasskey } from "./passkey-client";
import { SecondFactorForm } from "./SecondFactorForm";

export type AuthMode = "signin" | "signup";

interface AuthModalProps {
  open: boolean;
  initialMode: AuthMode;
  onClose: () => void;
  onSignedIn: (user: PublicUser) => void;
}

/** docs/product.md#signing-in and #how-things-change: sign in ('Welcome Back') or sign up ('Create Your Account'), in a modal. */
export function AuthModal({ open, initialMode, onClose, onSignedIn }: AuthModalProps) {
  const messages = useMessages();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  useEffect(() => {
    if (open) setMode(initialMode);
  }, [open, initialMode]);
  return (
    <Dialog open={open} onClose={onClose} title={authHeading(messages, mode)}>
      {open ? <AuthForm mode={mode} onModeChange={setMode} onSignedIn={onSignedIn} /> : null}
    </Dialog>
  );
}

export const authHeading = (messages: Catalog, mode: AuthMode) => (mode === "signin" ? messages.welcomeBack : messages.createAccount);

const fieldClass =
  "mt-1 block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-base text-neutral-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 dark:border-neutral-700 dark:bg-neutral-800 dark:text-neutral-100";

/** A sign-in whose password was right, waiting for its second factor (issue 35). */
export interface PendingSecondFactor {
  challenge: string;
  methods: SecondFactorMethod[];
}

interface AuthFormProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onSignedIn: (user: PublicUser) => void;
  /** The second step already under way (the /login page's answer to a form sent before its scripts ran). */
  initialSecondFactor?: PendingSecondFactor | null;
  initialError?: string | null;
}

type SignedIn = { user: PublicUser; second_factor_enrolment_required?: true };

/** The form itself, also used on the /login page; the heading (authHeading) belongs to its container. */
export function AuthForm({ mode, onModeChange, onSignedIn, initialSecondFactor = null, initialError = null }: AuthFormProps) {
  const messages = useMessages();
  const localize = useLocalizePath();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(initialSecondFactor ? null : initialError);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<PendingSecondFactor | null>(initialSecondFactor);
  const hintId = useId();

  /** Signed in. An account that must set up a second factor goes straight to do it, wherever it signed in. */
  function signedIn(result: SignedIn) {
    if (result.second_factor_enrolment_required) return window.location.assign(localize(ACCOUNT_SECURITY_PATH));
    onSignedIn(result.user);
  }

  if (pending) {
    const finish = async (proof: { code: string } | { webauthn: unknown }): Promise<string | null> => {
      const result = await apiRequest<SignedIn>("/api/admin/login/second-factor", { method: "POST", json: { challenge: pending.challenge, ...proof } });
      if (result.ok) {
        signedIn(result.data);
        return null;
      }
      if (result.code === "second_factor_challenge_invalid") {
        setPending(null);
        setPassword("");
        setError(result.error);
        return null;
      }
      return result.error ?? messages.loginFailed;
    };
    return (
      <SecondFactorForm
        methods={pending.methods}
        hidden={{ challenge: pending.challenge, methods: pending.methods.join(",") }}
        initialError={initialSecondFactor === pending ? initialError : null}
        onCode={(code) => finish({ code })}
        onPasskey={async () => {
          const signed = await signWithPasskey("/api/admin/login/second-factor/options", { challenge: pending.challenge });
          return signed.ok ? finish({ webauthn: signed.response }) : (signed.error ?? messages.passkeyNotUsed);
        }}
      >
        <button
          type="button"
          className="text-left text-sm text-neutral-600 underline underline-offset-2 dark:text-neutral-400"
          onClick={() => {
            setPending(null);
            setPassword("");
          }}
        >
          {messages.signInAgain}
        </button>
      </SecondFactorForm>
    );
  }

  /** docs/product.md#how-things-change: switching between sign in and sign up clears the fields and the error. */
  function switchMode(next: AuthMode) {
    onModeChange(next);
    setName("");
    setEmail("");
    setPassword("");
    setError(null);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    // The schemas (and zod) load on first submit, keeping them off every page's critical path.
    const { firstMessage, loginSchema, registerSchema } = await import("~/lib/schemas");
    const parsed = mode === "signin" ? loginSchema.safeParse({ username: email, password }) : registerSchema.safeParse({ name, email, password });
    if (!parsed.success) {
      setError(messages[firstMessage(parsed.error)]);
      return;
    }
    setBusy(true);
    const result =
      mode === "signin"
        ? await apiRequest<SignedIn>("/api/admin/login", { method: "POST", json: parsed.data })
        : await apiRequest<SignedIn>("/api/users/register", { method: "POST", json: parsed.data });
    setBusy(false);
    if (!result.ok) {
      const step = secondStepOf(result.body);
      if (result.code === "second_factor_required" && step) return setPending(step);
      // docs/product.md#messages-and-notifications: a sign-in that fails without the server saying why is 'Login failed'.
      setError(result.error ?? (mode === "signin" ? messages.loginFailed : messages.authFallback));
      return;
    }
    signedIn(result.data);
  }

  return (
    // POST, so that a submit before the page has hydrated can never put the password in a URL.
    <form method="post" onSubmit={submit} noValidate className="space-y-4">
      {mode === "signup" ? (
        <label className="block text-sm font-medium">
          {messages.fullName}
          <input name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} className={fieldClass} />
        </label>
      ) : null}
      <label className="block text-sm font-medium">
        {messages.emailAddress}
        <input name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} className={fieldClass} />
      </label>
      <label className="block text-sm font-medium">
        {messages.password}
        <input
          name="password"
          type="password"
          autoComplete={mode === "signin" ? "current-password" : "new-password"}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby={mode === "signup" ? hintId : undefined}
          className={fieldClass}
        />
      </label>
      {mode === "signin" ? (
        <a href={localize("/password-reset")} className="-mt-2 block text-sm text-brand underline dark:text-red-400">
          {messages.forgotPassword}
        </a>
      ) : null}
      {/* The server judges how easy a new password is to guess, and says why it refuses one. */}
      {mode === "signup" ? (
        <p id={hintId} className="-mt-2 text-sm text-neutral-600 dark:text-neutral-400">
          {messages.passwordHint}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy} className="w-full rounded-md bg-brand px-4 py-2.5 font-semibold text-white hover:opacity-90 disabled:opacity-60">
        {busy ? messages.pleaseWait : mode === "signin" ? messages.signIn : messages.signUp}
      </button>
      <p className="text-center text-sm">
        {mode === "signin" ? (
          <button type="button" className="text-brand underline" onClick={() => switchMode("signup")}>
            {messages.toSignUp}
          </button>
        ) : (
          <button type="button" className="text-brand underline" onClick={() => switchMode("signin")}>
            {messages.toSignIn}
          </button>
        )}
      </p>
    </form>
  );
}

/** The challenge and methods of a 401 `second_factor_required` answer, if it is one. */
function secondStepOf(body: unknown): PendingSecondFactor | null {
  if (!body || typeof body !== "object") return null;
  const { challenge, methods } = body as Record<string, unknown>;
  if (typeof challenge !== "string" || !Array.isArray(methods)) return null;
  return { challenge, methods: SECOND_FACTOR_METHODS.filter((method) => methods.includes(method)) };
}
