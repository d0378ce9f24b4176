import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { buttonClass, inputClass } from "~/components/admin/table/AdminTable";
import { useHydrated } from "~/components/admin/use-hydrated";
import { useFormatNumber, useLanguage, useMessages, useTranslate } from "~/contexts/i18n";
import { useNotify } from "~/components/notifications/notifications";
import { TIP_LIMITS } from "~/lib/tips/protocol";
import { failureText } from "~/lib/tips/requests";
import { deleteTip, fetchConversation, openConversation, sendReply, setKept } from "./inbox-client";
import { type InboxMessage, type InboxTip, type OpenTipKey, type SealedInboxConversation, type TipKeyInfo, fingerprint } from "./inbox-types";
import { TipAttachments } from "./TipAttachments";
import { tipCard } from "./KeyFileLoader";

interface TipConversationProps {
  tipId: number;
  /** The list's entry for it, for when the retention period deletes it. */
  summary: InboxTip | undefined;
  keys: readonly OpenTipKey[];
  /** The newsroom's current key, to which replies are sealed and whose file signs them; null when none is set up. */
  currentKey: TipKeyInfo | null;
  onClose: () => void;
  /** Something the list shows changed (read, kept, replied): it is fetched again. */
  onChanged: () => void;
  onDeleted: () => void;
}

/**
 * One conversation, opened in this browser: each message with the key it was sealed to, its
 * attachments decrypted on download, a reply sealed here, keep and delete. It is fetched once per
 * opening (the server audits each) and opened again locally when more keys arrive.
 */
export function TipConversation({ tipId, summary, keys, currentKey, onClose, onChanged, onDeleted }: TipConversationProps) {
  const messages = useMessages();
  const translate = useTranslate();
  const formatNumber = useFormatNumber();
  const { formatCardDate } = useLanguage();
  const notify = useNotify();
  const heading = useRef<HTMLHeadingElement>(null);
  const [sealed, setSealed] = useState<SealedInboxConversation | null>(null);
  const [opened, setOpened] = useState<InboxMessage[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fetches, setFetches] = useState(0);
  const [kept, setKeptState] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  // Another tip: the heading takes the focus, so the keyboard and a screen reader are where it opened.
  useEffect(() => heading.current?.focus(), [tipId]);

  useEffect(() => {
    let current = true;
    setFailure(null);
    fetchConversation(tipId).then(
      (conversation) => {
        if (!current) return;
        setSealed(conversation);
        setKeptState(conversation.kept);
        // It is read now: the list drops its "New".
        onChanged();
      },
      (error: unknown) => current && setFailure(failureText(error, messages.tipInboxOpenFailed)),
    );
    return () => {
      current = false;
    };
    // Only a new tip or a refresh fetches (each fetch is an audited opening): not a new onChanged or catalog.
  }, [tipId, fetches]);

  useEffect(() => {
    if (!sealed || sealed.id !== tipId) return setOpened(null);
    let current = true;
    void openConversation(sealed, keys).then((result) => current && setOpened(result));
    return () => {
      current = false;
    };
  }, [sealed, keys, tipId]);

  async function toggleKeep() {
    setBusy(true);
    try {
      await setKept(tipId, !kept);
      setKeptState(!kept);
      notify(kept ? messages.tipInboxReleased : messages.tipInboxKeptSaved, "success");
      onChanged();
    } catch (error) {
      notify(failureText(error, messages.serverError), "error");
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await deleteTip(tipId);
      notify(messages.tipInboxDeleted, "success");
      setConfirming(false);
      onDeleted();
    } catch (error) {
      setConfirming(false);
      notify(failureText(error, messages.serverError), "error");
    } finally {
      setBusy(false);
    }
  }

  const name = translate("tipInboxTipName", { id: formatNumber(tipId) });
  const ready = sealed?.id === tipId && opened !== null;
  return (
    <section aria-labelledby="tip-conversation-title" aria-busy={!ready && !failure} className={`${tipCard} min-w-0`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="tip-conversation-title" ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
            {name}
          </h2>
          {ready ? (
            <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
              {kept ? messages.tipInboxRetentionKept : summary?.expires_at ? translate("tipInboxRetentionExpires", { date: formatCardDate(summary.expires_at) }) : null}
            </p>
          ) : null}
        </div>
        <button type="button" onClick={onClose} className={buttonClass.secondary}>
          {messages.tipInboxClose}
        </button>
      </div>

      {failure ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {failure}
        </p>
      ) : !ready ? (
        <p role="status" className="mt-4 text-sm text-neutral-600 dark:text-neutral-400">
          {messages.tipInboxOpening}
        </p>
      ) : (
        <>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" disabled={busy} aria-pressed={kept} onClick={() => void toggleKeep()} className={buttonClass.secondary}>
              {kept ? messages.tipInboxStopKeeping : messages.tipInboxKeep}
            </button>
            <button type="button" disabled={busy} onClick={() => setConfirming(true)} className={buttonClass.danger}>
              {messages.tipInboxDelete}
            </button>
          </div>
          <ol className="mt-5 space-y-4">
            {opened.map((message) => (
              <MessageItem key={message.id} tipId={tipId} message={message} />
            ))}
          </ol>
          <ReplyForm
            tipId={tipId}
            currentKey={currentKey}
            keys={keys}
            sourceKey={sealed.source_public_key}
            onSent={() => {
              setFetches((count) => count + 1);
              onChanged();
            }}
          />
        </>
      )}
      <ConfirmDialog
        open={confirming}
        message={translate("tipInboxDeleteQuestion", { id: formatNumber(tipId) })}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

function MessageItem({ tipId, message }: { tipId: number; message: InboxMessage }) {
  const messages = useMessages();
  const translate = useTranslate();
  const { formatDateTime } = useLanguage();
  const id = useId();
  const fromSource = message.sender === "source";
  return (
    <li>
      <article
        aria-labelledby={`${id}-from`}
        data-testid="tip-inbox-message"
        className={`rounded-md border-l-4 px-4 py-3 ${fromSource ? "border-neutral-400 bg-neutral-50 dark:border-neutral-500 dark:bg-neutral-800/60" : "border-brand bg-red-50 dark:border-red-500 dark:bg-red-950/40"}`}
      >
        <p className="text-sm">
          <span id={`${id}-from`} className="font-semibold">
            {fromSource ? messages.tipInboxFromSource : messages.tipInboxFromNewsroom}
          </span>
          <span aria-hidden="true"> · </span>
          <time dateTime={message.created_at} className="text-neutral-600 dark:text-neutral-400">
            {formatDateTime(message.created_at)}
          </time>
        </p>
        {message.state === "open" ? (
          <>
            <p className="mt-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{message.body.text}</p>
            {message.body.contact ? (
              <dl className="mt-3 text-sm">
                <dt className="font-semibold">{messages.tipInboxContact}</dt>
                <dd className="whitespace-pre-wrap [overflow-wrap:anywhere]">{message.body.contact}</dd>
              </dl>
            ) : null}
            {message.attachments.length ? <TipAttachments tipId={tipId} stored={message.attachments} refs={message.body.attachments ?? []} /> : null}
          </>
        ) : (
          <p className="mt-2 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {message.state === "missing-key" ? translate("tipInboxNeedsKey", { fingerprint: fingerprint(message.public_key) }) : messages.tipInboxDamaged}
          </p>
        )}
      </article>
    </li>
  );
}

/** The reply, signed with the current key's file and sealed in this browser to the newsroom's current key and to the source's. */
function ReplyForm({ tipId, currentKey, keys, sourceKey, onSent }: { tipId: number; currentKey: TipKeyInfo | null; keys: readonly OpenTipKey[]; sourceKey: string; onSent: () => void }) {
  const messages = useMessages();
  const hydrated = useHydrated();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const reply = text.trim();
    if (!reply) return refuse(messages.tipInboxReplyRequired);
    if (!currentKey) return refuse(messages.tipInboxNotSetUp);
    if (!currentKey.signing_public_key) return refuse(messages.tipInboxReplyNeedsSigningKey);
    const signing = keys.find((key) => key.publicKey === currentKey.public_key)?.signing;
    if (!signing) return refuse(messages.tipInboxReplyNeedsCurrentKey);
    setBusy(true);
    setError(null);
    setStatus(messages.tipInboxReplySending);
    try {
      await sendReply(tipId, reply, currentKey.public_key, sourceKey, signing.privateKey);
      setText("");
      setStatus(messages.tipInboxReplySent);
      onSent();
    } catch (caught) {
      setStatus("");
      refuse(failureText(caught, messages.serverError));
    } finally {
      setBusy(false);
    }
  }

  function refuse(sentence: string) {
    setError(sentence);
    field.current?.focus();
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-busy={busy} className="mt-6 border-t border-neutral-200 pt-4 dark:border-neutral-800">
      <label htmlFor={`${id}-reply`} className="block font-semibold">
        {messages.tipInboxReplyLabel}
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
        {messages.tipInboxReplyHint}
      </p>
      <textarea
        ref={field}
        id={`${id}-reply`}
        rows={5}
        value={text}
        disabled={!hydrated}
        maxLength={TIP_LIMITS.maxMessageChars}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        className={`${inputClass} mt-2`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="submit" disabled={!hydrated} aria-disabled={busy} className={buttonClass.primary}>
          {busy ? messages.tipInboxReplySending : messages.tipInboxReplySend}
        </button>
        <p role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
          {status}
        </p>
      </div>
    </form>
  );
}
