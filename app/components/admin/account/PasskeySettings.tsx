import { type FormEvent, useEffect, useId, useState } from "react";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { createPasskey, passkeysSupported } from "~/components/auth/passkey-client";
import { useLanguage, useMessages, useTranslate } from "~/contexts/i18n";
import { useNotify } from "~/components/notifications/notifications";
import { apiRequest } from "~/lib/api-client";
import { PASSKEY_NAME_MAX, type PasskeyInfo } from "~/lib/second-factor";
import { buttonClass, inputClass } from "../table/AdminTable";
import { valuesTypedEarly } from "../typed-before-hydration";
import { useHydrated } from "../use-hydrated";
import { useWithReauthentication } from "./reauthentication";
import { SettingsCard, StatusBadge } from "./SettingsCard";

/** Passkeys on the account screen: the list, one more, one fewer. */
export function PasskeySettings({ passkeys, onChanged }: { passkeys: readonly PasskeyInfo[]; onChanged: (recoveryCodes?: string[]) => void }) {
  const messages = useMessages();
  const translate = useTranslate();
  const { formatCardDate } = useLanguage();
  const notify = useNotify();
  const withReauthentication = useWithReauthentication();
  const [removing, setRemoving] = useState<PasskeyInfo | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!removing) return;
    setBusy(true);
    const result = await withReauthentication(() => apiRequest(`/api/users/me/passkeys/${removing.id}`, { method: "DELETE" }));
    setBusy(false);
    setRemoving(null);
    if (!result.ok) return notify(result.error ?? messages.serverError, "error");
    notify(messages.passkeyRemoved, "success");
    onChanged();
  }

  const nameOf = (passkey: PasskeyInfo) => passkey.name || messages.passkeyDefaultName;

  return (
    <SettingsCard title={messages.passkeysTitle} intro={messages.passkeysIntro} badge={<StatusBadge on={passkeys.length > 0} />}>
      {passkeys.length === 0 ? (
        <p className="text-sm">{messages.passkeysNone}</p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-md border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2">
              <span className="font-medium">{nameOf(passkey)}</span>
              <span className="text-sm text-neutral-600 dark:text-neutral-400">
                {translate("passkeyAddedOn", { date: formatCardDate(passkey.created_at) })}
                {passkey.last_used_at ? ` · ${translate("passkeyLastUsed", { date: formatCardDate(passkey.last_used_at) })}` : ""}
              </span>
              <button
                type="button"
                onClick={() => setRemoving(passkey)}
                aria-label={translate("passkeyRemoveNamed", { name: nameOf(passkey) })}
                className={`${buttonClass.danger} ml-auto`}
              >
                {messages.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <AddPasskey onAdded={onChanged} />
      <ConfirmDialog
        open={removing !== null}
        message={messages.passkeyRemoveQuestion}
        confirmLabel={messages.remove}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </SettingsCard>
  );
}

function AddPasskey({ onAdded }: { onAdded: (recoveryCodes?: string[]) => void }) {
  const messages = useMessages();
  const notify = useNotify();
  const withReauthentication = useWithReauthentication();
  const id = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [supported, setSupported] = useState(true);
  const hydrated = useHydrated();

  useEffect(() => setSupported(passkeysSupported()), []);
  // See typed-before-hydration: a name typed while the scripts were loading is the one sent.
  useEffect(() => {
    const [typed] = valuesTypedEarly({ name: `${id}-name` }, { name: "" });
    if (typed) setName(typed[1]);
  }, [id]);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    // Asking for the options is where a fresh second factor may be wanted (an account adding a second one).
    const created = await withReauthentication(async () => {
      const outcome = await createPasskey();
      return outcome.ok ? { ok: true as const, status: 200, data: outcome.response } : { ok: false as const, status: 0, error: outcome.error, code: outcome.code };
    });
    if (!created.ok) {
      setBusy(false);
      return setError(created.error ?? messages.passkeyAddFailed);
    }
    const saved = await apiRequest<{ recovery_codes?: string[] }>("/api/users/me/passkeys", { method: "POST", json: { response: created.data, name: name.trim() } });
    setBusy(false);
    if (!saved.ok) return setError(saved.error ?? messages.passkeyAddFailed);
    setName("");
    notify(messages.passkeyAdded, "success");
    onAdded(saved.data.recovery_codes);
  }

  if (!supported) return <p className="mt-4 text-sm text-neutral-600 dark:text-neutral-400">{messages.passkeyUnsupported}</p>;
  return (
    <form onSubmit={(event) => void add(event)} noValidate className="mt-4 flex max-w-xl flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grow">
        <label htmlFor={`${id}-name`} className="block text-sm font-semibold">
          {messages.passkeyNameLabel}
        </label>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={PASSKEY_NAME_MAX}
          autoComplete="off"
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass} mt-1`}
        />
      </div>
      <button type="submit" disabled={busy || !hydrated} className={buttonClass.primary}>
        {busy ? messages.pleaseWait : messages.passkeyAdd}
      </button>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 sm:basis-full dark:text-red-300">
          {error}
        </p>
      ) : null}
    </form>
  );
}
