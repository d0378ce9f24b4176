import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { revalidateLatest } from "~/components/admin/revalidate-latest";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { useWithReauthentication } from "~/components/admin/account/reauthentication";
import { buttonClass, inputClass } from "~/components/admin/table/AdminTable";
import { useHydrated } from "~/components/admin/use-hydrated";
import { useFormatNumber, useLanguage, useMessages, useTranslate } from "~/contexts/i18n";
import { Link } from "~/components/i18n/links";
import { apiRequest } from "~/lib/api-client";
import { toNepalLocalInput } from "~/lib/dates";
import { newNewsroomKey, signNewKey, wipeKeys } from "~/lib/tips/crypto";
import type { TipKeyFile, TipKeyFileV2 } from "~/lib/tips/protocol";
import { saveBlob } from "./inbox-client";
import { type OpenTipKey, type TipKeyInfo, fingerprint } from "./inbox-types";
import { KeyFileErrors, KeyFileForm, tipCard } from "./KeyFileLoader";

/**
 * The shortest passphrase accepted. The key file is sealed under Argon2id at libsodium's moderate
 * limits, so each guess costs an attacker with a copy of the file about a second and 256 MB; twelve
 * characters put ordinary guessing out of reach where eight do not.
 */
const MIN_PASSPHRASE_CHARS = 12;

/** 'khulasa-tip-key-2026-01-31.json': the day it was made, in Nepal, so files of several keys sort by age. */
const keyFileName = (file: TipKeyFile) => `khulasa-tip-key-${toNepalLocalInput(file.createdAt).slice(0, 10)}.json`;

/**
 * An admin sets the tip line up, or rotates its key: the key pairs are made in this browser, their
 * private halves leave only as the downloaded file (sealed under the passphrase), and only the
 * public halves are posted. The passphrase lives in the two fields until the key is made. A
 * rotation opens the current key's file first, whose signing key signs the new key (issue 36).
 */
export function KeySetup({ keys }: { keys: readonly TipKeyInfo[] }) {
  const messages = useMessages();
  const translate = useTranslate();
  const formatNumber = useFormatNumber();
  const { formatCardDate } = useLanguage();
  const id = useId();
  const [made, setMade] = useState<TipKeyFileV2 | null>(null);
  const [done, setDone] = useState(false);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const rotating = keys.length > 0;
  const current = keys.find((key) => key.current);
  // A key made before keys could sign cannot sign its successor: the successor starts the chain.
  const mustSign = !!current?.signing_public_key;
  const [signer, setSigner] = useState<OpenTipKey | null>(null);
  const held = useRef<OpenTipKey | null>(null);
  held.current = signer;

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  // The current key's private halves, once the new key is signed or the page is left, are overwritten.
  useEffect(
    () => () => {
      if (held.current) wipeKeys(held.current);
    },
    [],
  );
  const forgetSigner = () => {
    if (held.current) wipeKeys(held.current);
    setSigner(null);
  };

  return (
    <>
      <section aria-labelledby={`${id}-keys`} className={`${tipCard} mt-6`}>
        <h2 id={`${id}-keys`} className="text-lg font-bold">
          {messages.tipKeyListTitle}
        </h2>
        {keys.length === 0 ? (
          <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">{messages.tipKeyNone}</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {keys.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-mono">{translate("tipKeyName", { fingerprint: fingerprint(key.public_key) })}</span>
                <span className="text-neutral-600 dark:text-neutral-400">{translate("tipKeyMadeOn", { date: formatCardDate(key.created_at) })}</span>
                {key.current ? <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-900 dark:bg-green-950 dark:text-green-200">{messages.tipKeyCurrentBadge}</span> : null}
                {key.signed_by_previous === true ? <span className="text-xs text-neutral-700 dark:text-neutral-300">{messages.tipKeySignedBadge}</span> : null}
                {key.signed_by_previous === false ? <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-950 dark:text-red-200">{messages.tipKeyUnsignedBadge}</span> : null}
                <span data-testid="tip-key-fingerprint" className="basis-full font-mono text-neutral-800 dark:text-neutral-200">
                  {translate("tipKeyFingerprint", { words: key.fingerprint })}
                </span>
              </li>
            ))}
          </ul>
        )}
        {current ? <p className="mt-3 max-w-2xl text-sm text-neutral-700 dark:text-neutral-300">{messages.tipKeyPublishFingerprint}</p> : null}
        {current && !mustSign ? <p className="mt-3 max-w-2xl rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">{messages.tipKeyLegacy}</p> : null}
      </section>

      {done ? (
        <p ref={doneRef} tabIndex={-1} role="status" className="mt-6 rounded-md bg-green-50 px-4 py-3 text-green-900 outline-none dark:bg-green-950 dark:text-green-100">
          {messages.tipKeySaved}{" "}
          <Link to="/admin/tips" className="font-semibold underline underline-offset-2">
            {messages.tipKeyToInbox}
          </Link>
        </p>
      ) : null}

      <section aria-labelledby={`${id}-make`} className={`${tipCard} mt-6`}>
        <h2 id={`${id}-make`} className="text-lg font-bold">
          {rotating ? messages.tipKeyRotateTitle : messages.tipKeySetUpTitle}
        </h2>
        {rotating ? <p className="mt-1 max-w-2xl text-sm text-neutral-600 dark:text-neutral-400">{messages.tipKeyRotateHint}</p> : null}
        {mustSign && !signer ? (
          <OpenCurrentKey current={current!} onOpened={setSigner} />
        ) : made ? (
          <SaveAndSend
            file={made}
            signer={mustSign ? signer : null}
            rotating={rotating}
            onDiscard={() => setMade(null)}
            onSent={() => {
              setMade(null);
              forgetSigner();
              setDone(true);
            }}
          />
        ) : (
          <MakeKeyForm
            minChars={formatNumber(MIN_PASSPHRASE_CHARS)}
            onMade={(file) => {
              setDone(false);
              setMade(file);
            }}
          />
        )}
      </section>
    </>
  );
}

/** Step 1 of a rotation: the current key's file, whose signing key will sign the new key. */
function OpenCurrentKey({ current, onOpened }: { current: TipKeyInfo; onOpened: (key: OpenTipKey) => void }) {
  const messages = useMessages();
  const translate = useTranslate();
  const id = useId();
  const [wrong, setWrong] = useState<string[]>([]);
  function opened(keys: OpenTipKey[]) {
    const match = keys.find((key) => key.publicKey === current.public_key && key.signing);
    for (const key of keys) if (key !== match) wipeKeys(key);
    if (match) return onOpened(match);
    setWrong(keys.map((key) => translate("tipKeyNotCurrentFile", { name: key.fileName })));
  }
  return (
    <div className="mt-4 max-w-2xl">
      <h3 id={`${id}-title`} className="font-bold">
        {messages.tipKeyOpenCurrentTitle}
      </h3>
      <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">{messages.tipKeyOpenCurrentHint}</p>
      <KeyFileErrors lines={wrong} />
      <KeyFileForm submitLabel={messages.tipKeyOpenCurrent} onOpened={opened} />
    </div>
  );
}

function MakeKeyForm({ minChars, onMade }: { minChars: string; onMade: (file: TipKeyFileV2) => void }) {
  const messages = useMessages();
  const translate = useTranslate();
  const hydrated = useHydrated();
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  const second = useRef<HTMLInputElement>(null);
  const [passphrase, setPassphrase] = useState("");
  const [again, setAgain] = useState("");
  const [error, setError] = useState<{ field: "first" | "second"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Characters as people count them: a Devanagari passphrase is not shorter for its combining marks' code units.
    if ([...passphrase].length < MIN_PASSPHRASE_CHARS) {
      setError({ field: "first", text: translate("tipKeyPassphraseTooShort", { min: minChars }) });
      return first.current?.focus();
    }
    if (passphrase !== again) {
      setError({ field: "second", text: messages.tipKeyPassphraseMismatch });
      return second.current?.focus();
    }
    setError(null);
    setBusy(true);
    try {
      const { keys, file } = await newNewsroomKey(passphrase);
      // Only the file (the private keys sealed under the passphrase) is needed from here on.
      wipeKeys(keys);
      setPassphrase("");
      setAgain("");
      onMade(file);
    } catch {
      setError({ field: "first", text: messages.serverError });
    } finally {
      setBusy(false);
    }
  }

  const describedBy = (field: "first" | "second", hint?: string) => [hint, error?.field === field ? `${id}-error` : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-busy={busy} className="mt-4">
      {/* Disabled until hydrated: a native submit would carry the passphrase to the server. */}
      <fieldset disabled={!hydrated} className="grid max-w-2xl gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-first`} className="block text-sm font-semibold">
            {messages.tipKeyPassphraseLabel}
          </label>
          <input
            ref={first}
            id={`${id}-first`}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            value={passphrase}
            onChange={(event) => setPassphrase(event.target.value)}
            aria-describedby={describedBy("first", `${id}-hint`)}
            aria-invalid={error?.field === "first" ? true : undefined}
            className={`${inputClass} mt-1`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-second`} className="block text-sm font-semibold">
            {messages.tipKeyPassphraseAgain}
          </label>
          <input
            ref={second}
            id={`${id}-second`}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            value={again}
            onChange={(event) => setAgain(event.target.value)}
            aria-describedby={describedBy("second")}
            aria-invalid={error?.field === "second" ? true : undefined}
            className={`${inputClass} mt-1`}
          />
        </div>
        <p id={`${id}-hint`} className="text-sm text-neutral-600 sm:col-span-2 dark:text-neutral-400">
          {translate("tipKeyPassphraseHint", { min: minChars })}
        </p>
      </fieldset>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {error.text}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" disabled={!hydrated} aria-disabled={busy} className={buttonClass.primary}>
          {busy ? messages.tipKeyMaking : messages.tipKeyMake}
        </button>
        <p role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
          {busy ? messages.tipKeyMaking : ""}
        </p>
      </div>
    </form>
  );
}

/** The made key: its file to download, the admin's word that it is kept safe, then the public keys posted, signed by the current key when there is one that can sign. */
function SaveAndSend({ file, signer, rotating, onDiscard, onSent }: { file: TipKeyFileV2; signer: OpenTipKey | null; rotating: boolean; onDiscard: () => void; onSent: () => void }) {
  const messages = useMessages();
  const translate = useTranslate();
  const revalidator = useRevalidator();
  const withReauthentication = useWithReauthentication();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [downloaded, setDownloaded] = useState(false);
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The form it replaces had the focus: the next step takes it.
  useEffect(() => heading.current?.focus(), []);

  function download() {
    saveBlob(new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: "application/json" }), keyFileName(file));
    setDownloaded(true);
  }

  async function send() {
    setBusy(true);
    setError(null);
    // Only the public halves and the signature: the server never sees the file, a private key or the passphrase.
    const signature = signer?.signing ? await signNewKey(file, signer.signing.privateKey) : undefined;
    const json = { public_key: file.publicKey, signing_public_key: file.signingPublicKey, ...(signature ? { signature } : {}) };
    const result = await withReauthentication(() => apiRequest("/api/tips/keys", { method: "POST", json }));
    setBusy(false);
    setConfirming(false);
    if (!result.ok) return setError(result.error ?? messages.serverError);
    await revalidateLatest(revalidator);
    onSent();
  }

  return (
    <div className="mt-4 max-w-2xl">
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="font-bold outline-none">
        {messages.tipKeyMadeTitle}
      </h3>
      <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">{messages.tipKeyMadeIntro}</p>
      <p className="mt-2 font-mono text-sm">{translate("tipKeyName", { fingerprint: fingerprint(file.publicKey) })}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" onClick={download} className={downloaded ? buttonClass.secondary : buttonClass.primary}>
          {messages.tipKeyDownload}
        </button>
        <p role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
          {downloaded ? messages.tipKeyDownloaded : ""}
        </p>
      </div>
      <label className="mt-4 flex items-start gap-2 text-sm">
        <input type="checkbox" checked={saved} disabled={!downloaded} onChange={(event) => setSaved(event.target.checked)} className="mt-0.5 h-4 w-4 shrink-0" />
        <span className={downloaded ? "" : "text-neutral-500 dark:text-neutral-400"}>{messages.tipKeySavedCheck}</span>
      </label>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" disabled={!saved || busy} onClick={() => (rotating ? setConfirming(true) : void send())} className={buttonClass.primary}>
          {busy && !rotating ? messages.pleaseWait : rotating ? messages.tipKeySwitch : messages.tipKeyUse}
        </button>
        <button type="button" disabled={busy} onClick={onDiscard} className={buttonClass.secondary}>
          {messages.tipKeyDiscard}
        </button>
      </div>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        message={messages.tipKeyRotateQuestion}
        confirmLabel={messages.tipKeySwitchConfirm}
        busy={busy}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
