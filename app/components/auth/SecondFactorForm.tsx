import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useMessages } from "~/contexts/i18n";
import type { SecondFactorMethod } from "~/lib/second-factor";

const fieldClass =
  "mt-1 block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 font-mono text-lg tracking-widest text-neutral-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 dark:border-neutral-700 dark:bg-neutral-800 dark:text-neutral-100";
const linkButtonClass = "text-left text-sm text-brand underline underline-offset-2 dark:text-red-300";

type Mode = "totp" | "passkey" | "recovery";
const MODES: readonly Mode[] = ["totp", "passkey", "recovery"];

interface SecondFactorFormProps {
  methods: readonly SecondFactorMethod[];
  /** Sends a code (authenticator or recovery); resolves to the message to show, or null once accepted. */
  onCode: (code: string) => Promise<string | null>;
  /** Proves it with a passkey; resolves like onCode. */
  onPasskey: () => Promise<string | null>;
  /** Fields that a form sent before the scripts have run must carry (the sign-in's challenge). */
  hidden?: Record<string, string>;
  initialError?: string | null;
  /** Below the form's own controls (a way back). */
  children?: ReactNode;
}

/**
 * The second step (issue 35), at sign-in and when an action asks the person to confirm it is them:
 * a code from the authenticator app (digits, offered by the phone's keyboard and its one-time-code
 * autofill), or a recovery code, or a passkey, as the account has them. Errors are announced.
 */
export function SecondFactorForm({ methods, onCode, onPasskey, hidden = {}, initialError = null, children }: SecondFactorFormProps) {
  const messages = useMessages();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const passkeyButton = useRef<HTMLButtonElement>(null);
  const offers = (mode: Mode) => methods.includes(mode === "passkey" ? "webauthn" : mode);
  // An authenticator code first, else the passkey, else a recovery code: the way most people have at hand.
  const [mode, setMode] = useState<Mode>(MODES.find(offers) ?? "recovery");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);
  const withCode = mode !== "passkey";

  // The step replaces what had the focus (the password form, or the button that opened a dialog).
  useEffect(() => (withCode ? input.current : passkeyButton.current)?.focus(), [mode, withCode]);

  async function run(attempt: () => Promise<string | null>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    const failure = await attempt();
    setBusy(false);
    if (failure !== null) {
      setError(failure);
      (withCode ? input.current : passkeyButton.current)?.focus();
    }
  }

  function switchTo(next: Mode) {
    setMode(next);
    setCode("");
    setError(null);
  }

  const describedBy = [`${id}-intro`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const primary = "w-full rounded-md bg-brand px-4 py-2.5 font-semibold text-white hover:opacity-90 disabled:opacity-60";
  return (
    <form
      method="post"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (!withCode) return void run(onPasskey);
        if (!code.trim()) return setError(messages.secondFactorCodeRequired);
        void run(() => onCode(code));
      }}
      className="space-y-4"
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p id={`${id}-intro`} className="text-sm text-neutral-700 dark:text-neutral-300">
        {mode === "totp" ? messages.secondFactorStepIntro : mode === "recovery" ? messages.recoveryCodeStepIntro : messages.passkeyStepIntro}
      </p>
      {withCode ? (
        <label className="block text-sm font-medium">
          {mode === "totp" ? messages.authenticatorCodeLabel : messages.recoveryCodeLabel}
          <input
            ref={input}
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode={mode === "totp" ? "numeric" : "text"}
            autoComplete="one-time-code"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={mode === "totp" ? 6 : 24}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            className={fieldClass}
          />
        </label>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      ) : null}
      {withCode ? (
        <button type="submit" disabled={busy} className={primary}>
          {busy ? messages.pleaseWait : messages.verifyCode}
        </button>
      ) : (
        <button ref={passkeyButton} type="submit" disabled={busy} aria-describedby={describedBy} className={primary}>
          {busy ? messages.pleaseWait : messages.usePasskey}
        </button>
      )}
      <div className="flex flex-col items-start gap-2">
        {mode !== "totp" && offers("totp") ? (
          <button type="button" onClick={() => switchTo("totp")} className={linkButtonClass}>
            {messages.useAuthenticatorCode}
          </button>
        ) : null}
        {mode !== "passkey" && offers("passkey") ? (
          <button type="button" disabled={busy} onClick={() => void run(onPasskey)} className={linkButtonClass}>
            {messages.usePasskey}
          </button>
        ) : null}
        {mode !== "recovery" && offers("recovery") ? (
          <button type="button" onClick={() => switchTo("recovery")} className={linkButtonClass}>
            {messages.useRecoveryCode}
          </button>
        ) : null}
        {children}
      </div>
    </form>
  );
}
