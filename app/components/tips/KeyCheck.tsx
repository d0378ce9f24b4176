import { useEffect, useState } from "react";
import { useFormatDate, useMessages, useTranslate } from "~/contexts/i18n";
import type { KeyTrust } from "~/lib/tips/key-trust";
import { checkNewsroomKey } from "./browser-tips";

/**
 * The newsroom's key on the source's page (issue 36): its fingerprint in words, to compare with
 * what the newsroom publishes elsewhere, and, once this browser has checked it against the key it
 * trusted before, a calm note of a signed change or a loud warning of an unsigned one. Without
 * JavaScript the server's word for the fingerprint is all there is.
 */
export function KeyCheck({ fingerprint }: { fingerprint: string | null }) {
  const messages = useMessages();
  const translate = useTranslate();
  const formatDate = useFormatDate();
  const [trust, setTrust] = useState<KeyTrust | null>(null);

  useEffect(() => {
    let current = true;
    checkNewsroomKey().then(
      (checked) => current && setTrust(checked),
      // Unreachable now: the forms say so when they are used.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  const words = trust?.fingerprint ?? fingerprint;
  if (!words) return null;
  return (
    <section aria-labelledby="tips-key" className="mt-8 rounded-lg border border-neutral-200 p-5 dark:border-neutral-800">
      {trust?.state === "unsigned" ? (
        <p role="alert" data-testid="tip-key-warning" className="mb-4 rounded border-2 border-red-600 bg-red-50 p-4 font-semibold text-red-900 dark:border-red-500 dark:bg-red-950 dark:text-red-100">
          {messages.tipsKeyUnsigned}
        </p>
      ) : trust?.state === "rotated" ? (
        <p role="status" className="mb-4 rounded border border-neutral-300 bg-neutral-50 p-3 text-neutral-800 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-200">
          {translate("tipsKeyRotated", { date: formatDate(trust.changedAt) })}
        </p>
      ) : null}
      <h2 id="tips-key" className="text-lg font-bold">
        {messages.tipsFingerprintLabel}
      </h2>
      <p data-testid="tip-key-fingerprint" className="mt-2 rounded bg-neutral-100 p-3 font-mono text-lg break-words dark:bg-neutral-900">
        {words}
      </p>
      <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{messages.tipsFingerprintHint}</p>
    </section>
  );
}
