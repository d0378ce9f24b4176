import { useId, useState } from "react";
import { errorClass, fieldClass, labelClass, secondaryButton } from "~/components/admin/article-form/styles";
import { ConfirmButtons } from "~/components/admin/ConfirmDialog";
import { useNotify } from "~/components/notifications/notifications";
import { Dialog } from "~/components/ui/Dialog";
import { useMessages } from "~/contexts/i18n";
import { apiRequest } from "~/lib/api-client";
import type { DocumentDetailJson } from "~/lib/api-types";

/**
 * Taking a published document down (POST /api/documents/{id}/withdraw), for editors and admins:
 * when a source turns out to be readable in it after all, or a court orders it. The dialog says
 * what happens and what it cannot undo (copies already fetched), and asks why, in writing.
 */
export function WithdrawDocument({ document, onChanged }: { document: DocumentDetailJson; onChanged: (document: DocumentDetailJson) => void }) {
  const messages = useMessages();
  const notify = useNotify();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    setOpen(false);
    setError(null);
  }

  async function withdraw() {
    if (reason.trim() === "") {
      setError(messages.withdrawReasonRequired);
      window.document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setBusy(true);
    const result = await apiRequest<{ document: DocumentDetailJson }>(`/api/documents/${document.id}/withdraw`, { method: "POST", json: { reason: reason.trim() } });
    setBusy(false);
    if (!result.ok) return setError(result.error ?? messages.documentActionFailed);
    setReason("");
    close();
    onChanged(result.data.document);
    notify(messages.documentWithdrawn, "success");
  }

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={`${secondaryButton} mt-4 text-red-800 dark:text-red-300`}>
        {messages.documentWithdraw}
      </button>
      <Dialog open={open} onClose={close} title={messages.documentWithdraw}>
        <p className="font-semibold text-red-800 dark:text-red-300">{messages.documentWithdrawWarning}</p>
        <label htmlFor={`${id}-reason`} className={`${labelClass} mt-4`}>
          {messages.documentWithdrawReason}
        </label>
        <textarea
          id={`${id}-reason`}
          rows={3}
          required
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={fieldClass}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className={errorClass}>
            {error}
          </p>
        ) : null}
        <ConfirmButtons confirmLabel={messages.documentWithdraw} busy={busy} onConfirm={() => void withdraw()} onCancel={close} />
      </Dialog>
    </>
  );
}
