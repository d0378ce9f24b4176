import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useFormatDate, useMessages, useTranslate } from "~/contexts/i18n";
import { ISLAND_SENDS_ATTRIBUTE } from "~/lib/island-markers";
import type { MessageKey } from "~/lib/messages";
import { type ReadableTipMessage, TIP_LIMITS, type TipPageResult } from "~/lib/tips/protocol";
import { failureText } from "~/lib/tips/requests";
import { type BrowserTip, openConversationInBrowser, replyFromBrowser, sendTipFromBrowser } from "./browser-tips";
import { KeyCheck } from "./KeyCheck";

const SAFETY = ["tipsSafetyTor", "tipsSafetyDevice", "tipsSafetyMetadata", "tipsSafetyCodename"] as const satisfies readonly MessageKey[];

const field = "mt-1 block w-full rounded border border-neutral-300 bg-white px-3 py-2 dark:border-neutral-700 dark:bg-neutral-900";
const button = "mt-4 rounded bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand/90 focus-visible:outline-2 focus-visible:outline-offset-2";
const card = "mt-8 rounded-lg border border-neutral-200 p-5 dark:border-neutral-800";

/**
 * The source's page (issue 17). Every form is a plain HTML form that works without JavaScript: the
 * server seals the words the moment they arrive. In a browser that runs scripts the same forms seal
 * everything in the browser instead, and attachments can be sent; sent before the page's scripts
 * have arrived, they wait for them (ISLAND_SENDS_ATTRIBUTE), so no words leave such a browser
 * unsealed (issue 36).
 */
export function TipLine({ open, fingerprint, result }: { open: boolean; fingerprint: string | null; result: TipPageResult | undefined }) {
  const messages = useMessages();
  // What the browser did with the forms (sealed here); before that, what the server answered (no JavaScript).
  const [local, setShown] = useState<TipPageResult | undefined>();
  const shown = local ?? result;
  const [session, setSession] = useState<BrowserSession | null>(null);
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-black sm:text-4xl">{messages.tipsTitle}</h1>
      <p className="mt-4 text-lg leading-relaxed text-neutral-700 dark:text-neutral-300">{messages.tipsIntro}</p>

      {/* Before anything else: a source must see a warning about the key before they write. */}
      {open ? <KeyCheck fingerprint={fingerprint} /> : null}

      <section aria-labelledby="tips-safety" className={card}>
        <h2 id="tips-safety" className="text-xl font-bold">
          {messages.tipsSafetyHeading}
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-neutral-700 dark:text-neutral-300">
          {SAFETY.map((advice) => (
            <li key={advice}>{messages[advice]}</li>
          ))}
        </ul>
      </section>

      {!open ? (
        <p role="status" className="mt-8 rounded border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {messages.tipLineClosed}
        </p>
      ) : shown?.kind === "sent" ? (
        <Codename codename={shown.codename} />
      ) : shown?.kind === "conversation" ? (
        <Conversation result={shown} session={session} onChange={(next, nextSession) => (setShown(next), setSession(nextSession))} />
      ) : (
        <>
          <SendForm error={shown?.kind === "error" && shown.intent === "send" ? shown.error : undefined} onSent={(codename) => setShown({ kind: "sent", codename })} />
          <ReturnForm
            error={shown?.kind === "error" && shown.intent !== "send" ? shown.error : undefined}
            codename={shown?.kind === "error" ? shown.codename : undefined}
            onOpened={(next, nextSession) => (setShown(next), setSession(nextSession))}
          />
        </>
      )}
    </article>
  );
}

/** What the browser keeps of a returning source while the page is open: the keys their codename gave. */
type BrowserSession = Parameters<typeof replyFromBrowser>[0];

function ErrorLine({ text }: { text: string }) {
  return (
    <p role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      {text}
    </p>
  );
}

/** Whether the page's scripts run: until then, the attachments' field is not shown. */
function useScripts(): boolean {
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  return running;
}

function SendForm({ error, onSent }: { error?: string; onSent: (codename: string) => void }) {
  const messages = useMessages();
  const translate = useTranslate();
  const id = useId();
  const scripts = useScripts();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ file: string; share: number } | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(error);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const tip: BrowserTip = {
      text: String(form.get("message") ?? "").trim(),
      contact: String(form.get("contact") ?? "").trim(),
      files: form.getAll("attachments").filter((value): value is File => value instanceof File && value.size > 0),
      keepMetadata: form.get("keep_metadata") === "on",
    };
    if (!tip.text) return setFailure(messages.tipMessageRequired);
    if (tip.files.length > TIP_LIMITS.maxAttachments) return setFailure(translate("tipTooManyAttachments", { max: TIP_LIMITS.maxAttachments }));
    if (tip.files.some((file) => file.size > TIP_LIMITS.maxAttachmentMb * 1024 * 1024)) return setFailure(translate("tipAttachmentTooLarge", { max: TIP_LIMITS.maxAttachmentMb }));
    setBusy(true);
    setFailure(undefined);
    try {
      onSent(await sendTipFromBrowser(tip, (file, share) => setProgress({ file, share }), setPreparing));
    } catch (caught) {
      setFailure(failureText(caught, messages.serverError));
      setBusy(false);
      setProgress(null);
      setPreparing(false);
    }
  }

  return (
    <form method="post" {...{ [ISLAND_SENDS_ATTRIBUTE]: "" }} className={card} onSubmit={submit} aria-busy={busy}>
      <input type="hidden" name="intent" value="send" />
      {failure ? <ErrorLine text={failure} /> : null}
      <label htmlFor={`${id}-message`} className="mt-2 block font-semibold">
        {messages.tipsMessageLabel}
      </label>
      <textarea id={`${id}-message`} name="message" required rows={8} maxLength={TIP_LIMITS.maxMessageChars} className={field} />
      <label htmlFor={`${id}-contact`} className="mt-4 block font-semibold">
        {messages.tipsContactLabel}
      </label>
      <input id={`${id}-contact`} name="contact" maxLength={TIP_LIMITS.maxContactChars} aria-describedby={`${id}-contact-hint`} className={field} autoComplete="off" />
      <p id={`${id}-contact-hint`} className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
        {messages.tipsContactHint}
      </p>
      {scripts ? (
        <>
          <label htmlFor={`${id}-files`} className="mt-4 block font-semibold">
            {messages.tipsAttachmentsLabel}
          </label>
          <input id={`${id}-files`} name="attachments" type="file" multiple aria-describedby={`${id}-files-hint`} className="mt-1 block w-full text-sm" />
          <p id={`${id}-files-hint`} className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
            {translate("tipsAttachmentsHint", { count: TIP_LIMITS.maxAttachments, size: TIP_LIMITS.maxAttachmentMb })}
          </p>
          <label className="mt-3 flex items-start gap-2 text-sm">
            <input type="checkbox" name="keep_metadata" className="mt-1" />
            <span>{messages.tipsKeepMetadata}</span>
          </label>
        </>
      ) : (
        // Said only where it is true: a browser that runs scripts shows the attachments' field once they have arrived.
        <noscript>
          <p className="mt-4 text-sm text-neutral-700 dark:text-neutral-300">{messages.tipsNoScript}</p>
        </noscript>
      )}
      {/* There, and not display:none, before it speaks: a live region added with its words is not always read out. */}
      {scripts ? (
        <p role="status" aria-live="polite" className={preparing ? "mt-4 text-sm" : "text-sm"}>
          {preparing ? messages.tipsPreparing : ""}
        </p>
      ) : null}
      {progress ? (
        <div className="mt-4">
          <label htmlFor={`${id}-progress`} className="text-sm">
            {translate("tipsUploading", { name: progress.file, percent: Math.round(progress.share * 100) })}
          </label>
          <progress id={`${id}-progress`} max={1} value={progress.share} className="mt-1 block w-full" />
        </div>
      ) : null}
      <button type="submit" disabled={busy} className={button}>
        {busy ? messages.tipsSending : messages.tipsSend}
      </button>
    </form>
  );
}

function ReturnForm({ error, codename, onOpened }: { error?: string; codename?: string; onOpened: (result: TipPageResult, session: BrowserSession) => void }) {
  const messages = useMessages();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(error);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get("codename") ?? "");
    setBusy(true);
    setFailure(undefined);
    try {
      const { messages: items, ...session } = await openConversationInBrowser(typed);
      onOpened({ kind: "conversation", codename: "", messages: items, replied: false }, session);
    } catch (caught) {
      setFailure(failureText(caught, messages.tipNotFound));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className={card}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {messages.tipsReturnTitle}
      </h2>
      <p className="mt-1 text-neutral-700 dark:text-neutral-300">{messages.tipsReturnIntro}</p>
      {failure ? <ErrorLine text={failure} /> : null}
      <form method="post" {...{ [ISLAND_SENDS_ATTRIBUTE]: "" }} className="mt-3" onSubmit={submit} aria-busy={busy}>
        <input type="hidden" name="intent" value="open" />
        <label htmlFor={`${id}-codename`} className="font-semibold">
          {messages.tipsCodenameLabel}
        </label>
        <input id={`${id}-codename`} name="codename" required defaultValue={codename} autoComplete="off" autoCapitalize="none" spellCheck={false} className={field} />
        <button type="submit" disabled={busy} className={button}>
          {messages.tipsOpen}
        </button>
      </form>
    </section>
  );
}

/** Whether this browser found the newsroom's signature on a reply (issue 36); without JavaScript nothing checked it. */
function ReplySignature({ signature }: { signature: ReadableTipMessage["signature"] }) {
  const messages = useMessages();
  if (signature === "valid") {
    return (
      <p data-testid="tip-signature" className="mt-2 text-sm font-semibold text-green-800 dark:text-green-300">
        <span aria-hidden="true">✓ </span>
        {messages.tipsReplySigned}
      </p>
    );
  }
  if (signature === "invalid") {
    return (
      <p data-testid="tip-signature" role="alert" className="mt-2 rounded border-2 border-red-600 bg-white p-2 text-sm font-bold text-red-800 dark:border-red-500 dark:bg-neutral-950 dark:text-red-200">
        <span aria-hidden="true">⚠ </span>
        {messages.tipsReplyNotSigned}
      </p>
    );
  }
  return <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{messages.tipsReplyUnchecked}</p>;
}

function Codename({ codename }: { codename: string }) {
  const messages = useMessages();
  const ref = useRef<HTMLElement>(null);
  // The form it replaces had the focus: the codename takes it, and is read out.
  useEffect(() => ref.current?.focus(), []);
  return (
    <section ref={ref} tabIndex={-1} aria-labelledby="tips-sent" className={`${card} outline-none`} role="status">
      <h2 id="tips-sent" className="text-xl font-bold">
        {messages.tipsSentTitle}
      </h2>
      <p className="mt-2 text-neutral-700 dark:text-neutral-300">{messages.tipsCodenameIntro}</p>
      <p data-testid="tip-codename" className="mt-4 rounded bg-neutral-100 p-4 font-mono text-lg break-words select-all dark:bg-neutral-900">
        {codename}
      </p>
    </section>
  );
}

/**
 * A returning source's conversation. Opened by the server (no JavaScript), its answer form carries
 * the codename back; opened in the browser, the answer is sealed here with the keys kept in memory.
 */
function Conversation({
  result,
  session,
  onChange,
}: {
  result: Extract<TipPageResult, { kind: "conversation" }>;
  session: BrowserSession | null;
  onChange: (result: TipPageResult, session: BrowserSession | null) => void;
}) {
  const messages = useMessages();
  const translate = useTranslate();
  const formatDate = useFormatDate();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (!session) return;
    event.preventDefault();
    const form = event.currentTarget;
    const text = String(new FormData(form).get("message") ?? "").trim();
    if (!text) return setFailure(messages.tipMessageRequired);
    setBusy(true);
    setFailure(undefined);
    try {
      await replyFromBrowser(session, text);
      const sent: ReadableTipMessage = { id: -Date.now(), sender: "source", created_at: new Date().toISOString(), text, attachments: 0 };
      form.reset();
      onChange({ ...result, messages: [...result.messages, sent], replied: true }, session);
    } catch (caught) {
      setFailure(failureText(caught, messages.serverError));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className={card}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {messages.tipsConversationTitle}
      </h2>
      {result.replied ? (
        <p role="status" className="mt-2 text-green-800 dark:text-green-300">
          {messages.tipsReplySent}
        </p>
      ) : null}
      <ol className="mt-4 space-y-4">
        {result.messages.map((item) => (
          <li key={item.id} data-testid="tip-message" className={`rounded p-4 ${item.sender === "newsroom" ? "bg-red-50 dark:bg-red-950/40" : "bg-neutral-100 dark:bg-neutral-900"}`}>
            <p className="text-sm font-semibold">
              {item.sender === "newsroom" ? messages.tipsFromNewsroom : messages.tipsFromYou} · <time dateTime={item.created_at}>{formatDate(item.created_at)}</time>
            </p>
            <p className="mt-2 whitespace-pre-wrap break-words">{item.text}</p>
            {item.sender === "newsroom" ? <ReplySignature signature={item.signature} /> : null}
            {item.attachments > 0 ? <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{translate("tipsAttachmentCount", { count: item.attachments })}</p> : null}
          </li>
        ))}
      </ol>
      {result.messages.every((item) => item.sender === "source") ? <p className="mt-4 text-neutral-700 dark:text-neutral-300">{messages.tipsNoReplyYet}</p> : null}
      {failure ? <ErrorLine text={failure} /> : null}
      <form method="post" className="mt-6" onSubmit={session ? submit : undefined} aria-busy={busy}>
        <input type="hidden" name="intent" value="reply" />
        {session ? null : <input type="hidden" name="codename" value={result.codename} />}
        <label htmlFor={`${id}-reply`} className="font-semibold">
          {messages.tipsReplyLabel}
        </label>
        <textarea id={`${id}-reply`} name="message" required rows={5} maxLength={TIP_LIMITS.maxMessageChars} className={field} />
        <button type="submit" disabled={busy} className={button}>
          {messages.tipsReplySend}
        </button>
      </form>
    </section>
  );
}
