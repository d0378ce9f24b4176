import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { useMessages, useTranslate } from "~/contexts/i18n";
import { useNotify } from "~/components/notifications/notifications";
import { apiRequest } from "~/lib/api-client";
import { buttonClass, inputClass } from "../table/AdminTable";
import { useWithReauthentication } from "./reauthentication";
import { SettingsCard, StatusBadge } from "./SettingsCard";

interface Enrolment {
  secret: string;
  otpauth_url: string;
}

/**
 * Authenticator codes on the account screen: set up (a QR code made here, in the browser, and the
 * key as text for typing in by hand; the app's first code turns them on), or turn off.
 */
export function TotpSettings({ on, email, onChanged }: { on: boolean; email: string; onChanged: (recoveryCodes?: string[]) => void }) {
  const messages = useMessages();
  const notify = useNotify();
  const withReauthentication = useWithReauthentication();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [turningOff, setTurningOff] = useState(false);

  async function start() {
    setBusy(true);
    setError(null);
    const result = await withReauthentication(() => apiRequest<Enrolment>("/api/users/me/totp", { method: "POST" }));
    setBusy(false);
    if (result.ok) setEnrolment(result.data);
    else setError(result.error ?? messages.serverError);
  }

  async function turnOff() {
    setBusy(true);
    const result = await withReauthentication(() => apiRequest("/api/users/me/totp", { method: "DELETE" }));
    setBusy(false);
    setTurningOff(false);
    if (!result.ok) return notify(result.error ?? messages.serverError, "error");
    notify(messages.totpTurnedOff, "success");
    onChanged();
  }

  return (
    <SettingsCard title={messages.totpTitle} intro={messages.totpIntro} badge={<StatusBadge on={on} />}>
      {on ? (
        <>
          <button type="button" onClick={() => setTurningOff(true)} className={buttonClass.danger}>
            {messages.totpTurnOff}
          </button>
          <ConfirmDialog
            open={turningOff}
            message={messages.totpTurnOffQuestion}
            confirmLabel={messages.totpTurnOff}
            busy={busy}
            onConfirm={() => void turnOff()}
            onCancel={() => setTurningOff(false)}
          />
        </>
      ) : enrolment ? (
        <TotpEnrolment
          enrolment={enrolment}
          email={email}
          onCancel={() => setEnrolment(null)}
          onConfirmed={(codes) => {
            setEnrolment(null);
            notify(messages.totpTurnedOn, "success");
            onChanged(codes);
          }}
        />
      ) : (
        <>
          <button type="button" onClick={() => void start()} disabled={busy} className={buttonClass.primary}>
            {busy ? messages.pleaseWait : messages.totpSetUp}
          </button>
          {error ? (
            <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          ) : null}
        </>
      )}
    </SettingsCard>
  );
}

/** The key, four characters at a time, as apps that take it by hand show it. */
const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

function TotpEnrolment({ enrolment, email, onCancel, onConfirmed }: { enrolment: Enrolment; email: string; onCancel: () => void; onConfirmed: (codes: string[]) => void }) {
  const messages = useMessages();
  const translate = useTranslate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    // Drawn here: the secret goes to no other service, and the page makes no third-party request.
    void import("qrcode").then((qrcode) =>
      qrcode.toString(enrolment.otpauth_url, { type: "svg", margin: 1, errorCorrectionLevel: "M" }).then((svg) => {
        if (live) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      }),
    );
    input.current?.focus();
    return () => {
      live = false;
    };
  }, [enrolment.otpauth_url]);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setError(messages.secondFactorCodeRequired);
      return input.current?.focus();
    }
    setBusy(true);
    setError(null);
    const result = await apiRequest<{ recovery_codes: string[] }>("/api/users/me/totp/confirm", { method: "POST", json: { code } });
    setBusy(false);
    if (result.ok) return onConfirmed(result.data.recovery_codes);
    setError(result.error ?? messages.serverError);
    input.current?.focus();
  }

  return (
    <div>
      <p id={`${id}-scan`} className="max-w-2xl text-sm">
        {messages.totpScan}
      </p>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="h-48 w-48 shrink-0 rounded-md bg-white p-2">
          {qr ? <img src={qr} alt={translate("totpQrAlt", { email })} width={176} height={176} className="h-44 w-44" /> : null}
        </div>
        <div className="min-w-0">
          <dl>
            <dt className="text-sm font-semibold">{messages.totpSecretLabel}</dt>
            <dd translate="no" className="mt-1 font-mono text-base select-all">
              {groupedKey(enrolment.secret)}
            </dd>
          </dl>
          <form onSubmit={(event) => void confirm(event)} noValidate className="mt-4 max-w-xs">
            <label htmlFor={`${id}-code`} className="block text-sm font-semibold">
              {messages.totpConfirmLabel}
            </label>
            <input
              ref={input}
              id={`${id}-code`}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              aria-describedby={error ? `${id}-scan ${id}-error` : `${id}-scan`}
              aria-invalid={error ? true : undefined}
              className={`${inputClass} mt-1 font-mono tracking-widest`}
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
                {error}
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap gap-3">
              <button type="submit" disabled={busy} className={buttonClass.primary}>
                {busy ? messages.pleaseWait : messages.totpConfirm}
              </button>
              <button type="button" onClick={onCancel} className={buttonClass.secondary}>
                {messages.cancel}
              </button>
            </div>
          </form>
        </div>
      </div>
    </div>
  );
}
