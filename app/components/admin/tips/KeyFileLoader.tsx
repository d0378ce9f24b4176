import { type FormEvent, useId, useRef, useState } from "react";
import { buttonClass, inputClass } from "~/components/admin/table/AdminTable";
import { useHydrated } from "~/components/admin/use-hydrated";
import { useFormatNumber, useLanguage, useMessages, useTranslate } from "~/contexts/i18n";
import { openKeyFiles } from "./inbox-client";
import { type OpenTipKey, type TipKeyInfo, fingerprint } from "./inbox-types";

/** The tip-line screens' cards; their place in the page gives them their margin. */
export const tipCard = "rounded-lg bg-white p-4 shadow-sm sm:p-5 dark:bg-neutral-900";

interface KeyFileLoaderProps {
  /** The tip line's public keys, newest first, to say which key each open file holds. */
  serverKeys: readonly TipKeyInfo[];
  openKeys: readonly OpenTipKey[];
  onOpened: (keys: OpenTipKey[]) => void;
  onLock: () => void;
  /** Its heading, to put the focus on when the inbox is locked. */
  headingRef?: React.Ref<HTMLHeadingElement>;
}

/**
 * Step 1 of the inbox: the editor's key files, opened here with their passphrase. Once keys are
 * open it lists them (and says when the current key is not among them) and offers more files and
 * the lock.
 */
export function KeyFileLoader({ serverKeys, openKeys, onOpened, onLock, headingRef }: KeyFileLoaderProps) {
  const messages = useMessages();
  const translate = useTranslate();
  const { formatCardDate } = useLanguage();
  const id = useId();
  if (openKeys.length === 0) {
    return (
      <section aria-labelledby={`${id}-title`} className={`${tipCard} mt-6`}>
        <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="text-lg font-bold outline-none">
          {messages.tipInboxUnlockTitle}
        </h2>
        <KeyFileForm submitLabel={messages.tipInboxUnlock} onOpened={onOpened} />
      </section>
    );
  }

  const current = serverKeys.find((key) => key.current);
  const label = (key: OpenTipKey) => {
    const known = serverKeys.find((candidate) => candidate.public_key === key.publicKey);
    const values = { fingerprint: fingerprint(key.publicKey) };
    if (!known) return translate("tipInboxKeyForeign", values);
    return known.current ? translate("tipInboxKeyCurrent", values) : translate("tipInboxKeyOlder", { ...values, date: formatCardDate(known.created_at) });
  };
  return (
    <section aria-labelledby={`${id}-title`} className={`${tipCard} mt-6`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="text-lg font-bold outline-none">
          {messages.tipInboxOpenKeys}
        </h2>
        <button type="button" className={buttonClass.secondary} onClick={onLock}>
          {messages.tipInboxLock}
        </button>
      </div>
      <ul className="mt-2 space-y-1 text-sm">
        {openKeys.map((key) => (
          <li key={key.publicKey} className="flex flex-wrap gap-x-2">
            <span className="font-medium">{label(key)}</span>
            <span className="text-neutral-600 [overflow-wrap:anywhere] dark:text-neutral-400">{key.fileName}</span>
          </li>
        ))}
      </ul>
      {current && !openKeys.some((key) => key.publicKey === current.public_key) ? (
        <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {translate("tipInboxCurrentKeyClosed", { fingerprint: fingerprint(current.public_key) })}
        </p>
      ) : null}
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-brand underline-offset-2 hover:underline dark:text-red-400">{messages.tipInboxMoreKeys}</summary>
        <KeyFileForm submitLabel={messages.tipInboxOpenFiles} onOpened={onOpened} />
      </details>
    </section>
  );
}

/** The files and the passphrase. The passphrase is in the field only: it is cleared after each try and never leaves this page. */
/** Why key files did not open, a line each (a file name can be one long word). */
export function KeyFileErrors({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <ul role="alert" className="mt-3 space-y-1 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {lines.map((line) => (
        <li key={line} className="[overflow-wrap:anywhere]">
          {line}
        </li>
      ))}
    </ul>
  );
}

export function KeyFileForm({ submitLabel, onOpened }: { submitLabel: string; onOpened: (keys: OpenTipKey[]) => void }) {
  const messages = useMessages();
  const translate = useTranslate();
  const formatNumber = useFormatNumber();
  const hydrated = useHydrated();
  const id = useId();
  const files = useRef<HTMLInputElement>(null);
  const passphrase = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [status, setStatus] = useState("");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const chosen = [...(files.current?.files ?? [])];
    const typed = passphrase.current?.value ?? "";
    if (chosen.length === 0) return refuse([messages.tipInboxChooseFile], files.current);
    if (!typed) return refuse([messages.tipInboxPassphraseRequired], passphrase.current);
    setBusy(true);
    setErrors([]);
    setStatus(messages.tipInboxUnlocking);
    try {
      const outcomes = await openKeyFiles(chosen, typed);
      const opened = outcomes.flatMap((outcome) => (outcome.key ? [outcome.key] : []));
      const wrong = outcomes.filter((outcome) => !outcome.key).map((outcome) => translate("tipInboxWrongKeyFile", { name: outcome.fileName }));
      if (passphrase.current) passphrase.current.value = "";
      setStatus(opened.length ? translate("tipInboxKeysOpened", { count: formatNumber(opened.length) }) : "");
      if (wrong.length) refuse(wrong, passphrase.current);
      if (opened.length) {
        if (files.current) files.current.value = "";
        onOpened(opened);
      }
    } catch {
      setStatus("");
      refuse([messages.serverError], passphrase.current);
    } finally {
      setBusy(false);
    }
  }

  function refuse(lines: string[], field: HTMLInputElement | null) {
    setErrors(lines);
    field?.focus();
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-busy={busy} className="mt-3">
      {/* Disabled until hydrated: a native submit would send the passphrase to the server in the address. */}
      <fieldset disabled={!hydrated} className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-files`} className="block text-sm font-semibold">
            {messages.tipInboxKeyFilesLabel}
          </label>
          <input
            ref={files}
            id={`${id}-files`}
            type="file"
            multiple
            accept=".json,application/json"
            aria-describedby={`${id}-files-hint`}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border file:border-neutral-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-neutral-900 dark:file:border-neutral-700 dark:file:bg-neutral-800 dark:file:text-neutral-100"
          />
          <p id={`${id}-files-hint`} className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
            {messages.tipInboxKeyFilesHint}
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-passphrase`} className="block text-sm font-semibold">
            {messages.tipInboxPassphraseLabel}
          </label>
          <input ref={passphrase} id={`${id}-passphrase`} type="password" autoComplete="off" spellCheck={false} className={`${inputClass} mt-1`} />
        </div>
      </fieldset>
      <KeyFileErrors lines={errors} />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" disabled={!hydrated} aria-disabled={busy} className={buttonClass.primary}>
          {busy ? messages.tipInboxUnlocking : submitLabel}
        </button>
        <p role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
          {status}
        </p>
      </div>
    </form>
  );
}
