import { useState } from "react";
import { secondaryButton } from "~/components/admin/article-form/styles";
import { ReasonDialog } from "~/components/admin/ReasonDialog";
import { useNotify } from "~/components/notifications/notifications";
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
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    setOpen(false);
    setError(null);
  }

  async function withdraw(reason: string) {
    setBusy(true);
    const result = await apiRequest<{ document: DocumentDetailJson }>(`/api/documents/${document.id}/withdraw`, { method: "POST", json: { reason } });
    setBusy(false);
    if (!result.ok) return setError(result.error ?? messages.documentActionFailed);
    close();
    onChanged(result.data.document);
    notify(messages.documentWithdrawn, "success");
  }

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={`${secondaryButton} mt-4 text-red-800 dark:text-red-300`}>
        {messages.documentWithdraw}
      </button>
      <ReasonDialog
        open={open}
        title={messages.documentWithdraw}
        warning={messages.documentWithdrawWarning}
        reasonLabel={messages.documentWithdrawReason}
        reasonRequired={messages.withdrawReasonRequired}
        confirmLabel={messages.documentWithdraw}
        busy={busy}
        error={error}
        onConfirm={(reason) => void withdraw(reason)}
        onCancel={close}
      />
    </>
  );
}
