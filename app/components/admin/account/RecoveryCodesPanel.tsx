import { useEffect, useId, useRef, useState } from "react";
import { useFormatNumber, useMessages, useTranslate } from "~/contexts/i18n";
import { saveBlob } from "~/components/admin/tips/inbox-client";
import { buttonClass } from "../table/AdminTable";

/**
 * A new set of recovery codes, shown this once (issue 35): the warning, the codes, ways to keep
 * them, and the person's word that they did. The heading takes the focus, so that a screen reader
 * reads the warning first.
 */
export function RecoveryCodesPanel({ codes, email, onDone }: { codes: readonly string[]; email: string; onDone: () => void }) {
  const messages = useMessages();
  const translate = useTranslate();
  const formatNumber = useFormatNumber();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => heading.current?.focus(), []);

  const text = `${translate("recoveryCodesFileHeading", { site: messages.siteName, email })}\n\n${codes.join("\n")}\n`;

  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-lg border-2 border-amber-500 bg-amber-50 p-4 sm:p-6 dark:border-amber-600 dark:bg-amber-950">
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-lg font-bold outline-none">
        {messages.recoveryCodesNewTitle}
      </h2>
      <p className="mt-2 max-w-2xl text-sm font-medium text-amber-950 dark:text-amber-100">{messages.recoveryCodesShownOnce}</p>
      <ol className="mt-4 grid max-w-xl grid-cols-1 gap-x-10 gap-y-1 font-mono text-base sm:grid-cols-2" aria-label={messages.recoveryCodesTitle}>
        {codes.map((code, index) => (
          <li key={code} className="flex gap-3">
            <span aria-hidden="true" className="w-6 text-right text-neutral-500 dark:text-neutral-400">
              {formatNumber(index + 1)}.
            </span>
            <span translate="no" className="whitespace-nowrap">
              {code}
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true), () => setCopied(false))}
        >
          {messages.recoveryCodesCopy}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={() => saveBlob(new Blob([text], { type: "text/plain;charset=utf-8" }), "khulasa-recovery-codes.txt")}>
          {messages.recoveryCodesDownload}
        </button>
        <p role="status" className="text-sm">
          {copied ? messages.recoveryCodesCopied : ""}
        </p>
      </div>
      <button type="button" onClick={onDone} className={`${buttonClass.primary} mt-4`}>
        {messages.recoveryCodesDone}
      </button>
    </section>
  );
}
