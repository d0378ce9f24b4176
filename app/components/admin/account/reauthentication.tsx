/**
 * "Confirm it is you" (issue 35). The server refuses the actions an attacker wants most with 403
 * `reauthentication_required` unless the session proved its second factor in the last minutes;
 * `withReauthentication` catches that answer, asks in a dialog, and sends the request again once.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { SecondFactorForm } from "~/components/auth/SecondFactorForm";
import { signWithPasskey } from "~/components/auth/passkey-client";
import { useMessages } from "~/contexts/i18n";
import { Dialog } from "~/components/ui/Dialog";
import { type ApiResult, apiRequest } from "~/lib/api-client";
import type { SecondFactorMethod, SecondFactorStatus } from "~/lib/second-factor";
import { buttonClass, inputClass } from "../table/AdminTable";

type WithReauthentication = <T>(send: () => Promise<ApiResult<T>>) => Promise<ApiResult<T>>;

/** Outside the back office's frame there is nobody to ask: the answer goes back as it came. */
const ReauthenticationContext = createContext<WithReauthentication>((send) => send());

export const useWithReauthentication = () => useContext(ReauthenticationContext);

/** The methods an account can prove itself with, from its status. */
function methodsOf(status: SecondFactorStatus): SecondFactorMethod[] {
  const methods: SecondFactorMethod[] = [];
  if (status.totp) methods.push("totp");
  if (status.passkeys.length > 0) methods.push("webauthn");
  if (methods.length > 0 && status.recovery_codes_left > 0) methods.push("recovery");
  return methods;
}

/** Holds the dialog for the back office; every write below it can ask. */
export function ReauthenticationProvider({ children }: { children: React.ReactNode }) {
  const [asking, setAsking] = useState(false);
  const settle = useRef<((proved: boolean) => void) | null>(null);

  const withReauthentication = useCallback<WithReauthentication>(async (send) => {
    const first = await send();
    if (first.ok || first.code !== "reauthentication_required") return first;
    const proved = await new Promise<boolean>((resolve) => {
      settle.current = resolve;
      setAsking(true);
    });
    return proved ? send() : first;
  }, []);

  const close = (proved: boolean) => {
    setAsking(false);
    settle.current?.(proved);
    settle.current = null;
  };

  return (
    <ReauthenticationContext.Provider value={withReauthentication}>
      {children}
      <ReauthenticationDialog open={asking} onDone={close} />
    </ReauthenticationContext.Provider>
  );
}

function ReauthenticationDialog({ open, onDone }: { open: boolean; onDone: (proved: boolean) => void }) {
  const messages = useMessages();
  const [methods, setMethods] = useState<SecondFactorMethod[] | null>(null);

  useEffect(() => {
    if (!open) return setMethods(null);
    void apiRequest<SecondFactorStatus>("/api/users/me/second-factor").then((result) => setMethods(result.ok ? methodsOf(result.data) : []));
  }, [open]);

  const prove = async (proof: { code: string } | { webauthn: unknown } | { password: string }): Promise<string | null> => {
    const result = await apiRequest("/api/users/me/reauthenticate", { method: "POST", json: proof });
    if (result.ok) {
      onDone(true);
      return null;
    }
    return result.error ?? messages.serverError;
  };

  return (
    <Dialog open={open} onClose={() => onDone(false)} title={messages.reauthenticateTitle}>
      <p className="mb-4 text-sm text-neutral-700 dark:text-neutral-300">{messages.reauthenticateIntro}</p>
      {methods === null ? (
        <p role="status">{messages.loading}</p>
      ) : methods.length > 0 ? (
        <SecondFactorForm
          methods={methods}
          onCode={(code) => prove({ code })}
          onPasskey={async () => {
            const signed = await signWithPasskey("/api/users/me/reauthenticate/options");
            return signed.ok ? prove({ webauthn: signed.response }) : (signed.error ?? messages.passkeyNotUsed);
          }}
        />
      ) : (
        <PasswordForm onPassword={(password) => prove({ password })} />
      )}
    </Dialog>
  );
}

/** An account without a second factor (allowed when its role needs none) confirms with its password. */
function PasswordForm({ onPassword }: { onPassword: (password: string) => Promise<string | null> }) {
  const messages = useMessages();
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => input.current?.focus(), []);

  return (
    <form
      noValidate
      aria-busy={busy}
      onSubmit={async (event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        setError(null);
        const failure = await onPassword(password);
        setBusy(false);
        if (failure !== null) {
          setError(failure);
          input.current?.focus();
        }
      }}
      className="space-y-4"
    >
      <p id="reauthenticate-password-intro" className="text-sm">
        {messages.reauthenticatePasswordIntro}
      </p>
      <label className="block text-sm font-medium">
        {messages.password}
        <input
          ref={input}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby={error ? "reauthenticate-password-intro reauthenticate-password-error" : "reauthenticate-password-intro"}
          aria-invalid={error ? true : undefined}
          className={`${inputClass} mt-1`}
        />
      </label>
      {error ? (
        <p id="reauthenticate-password-error" role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy} className={buttonClass.primary}>
        {busy ? messages.pleaseWait : messages.reauthenticateConfirm}
      </button>
    </form>
  );
}
