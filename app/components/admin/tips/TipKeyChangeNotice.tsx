import { useState } from "react";
import { buttonClass } from "~/components/admin/table/AdminTable";
import { useLanguage, useMessages, useTranslate } from "~/contexts/i18n";
import { apiRequest } from "~/lib/api-client";
import type { TipKeyNotice } from "~/server/services/tip-key-notice";

/**
 * Above every back-office page for an editor or admin, until they dismiss it: the tip line's key
 * changed, by whom, when, its fingerprint, and whether the previous key signed it (issue 36). A new
 * key nobody in the newsroom made is how a swap would show itself to the people who can stop it.
 */
export function TipKeyChangeNotice({ notice }: { notice: TipKeyNotice }) {
  const messages = useMessages();
  const translate = useTranslate();
  const { formatDateTime } = useLanguage();
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (dismissed) return null;

  async function dismiss() {
    setBusy(true);
    const result = await apiRequest("/api/tips/key-notice", { method: "POST", json: { key_id: notice.key_id } });
    setBusy(false);
    if (result.ok) setDismissed(true);
    else setFailed(true);
  }

  const tone = notice.signed_by_previous
    ? "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    : "border-red-400 bg-red-50 text-red-950 dark:border-red-700 dark:bg-red-950 dark:text-red-50";
  return (
    <section aria-label={messages.tipKeyNoticeTitle} data-testid="tip-key-notice" className={`mb-6 rounded-md border px-4 py-3 ${tone}`}>
      <p className="[overflow-wrap:anywhere]">
        {translate("tipKeyNoticeChanged", { date: formatDateTime(notice.created_at), name: notice.created_by ?? messages.tipKeyNoticeSomeone, words: notice.fingerprint })}
      </p>
      <p className="mt-1 font-semibold">{notice.signed_by_previous ? messages.tipKeyNoticeSigned : messages.tipKeyNoticeUnsigned}</p>
      {failed ? (
        <p role="alert" className="mt-1 text-sm">
          {messages.serverError}
        </p>
      ) : null}
      <button type="button" disabled={busy} onClick={() => void dismiss()} className={`${buttonClass.secondary} mt-2`}>
        {messages.tipKeyNoticeDismiss}
      </button>
    </section>
  );
}
