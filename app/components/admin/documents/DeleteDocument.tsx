import { useState } from "react";
import { useNavigate } from "react-router";
import { secondaryButton, sectionClass } from "~/components/admin/article-form/styles";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { useNotify } from "~/components/notifications/notifications";
import { useMessages } from "~/contexts/i18n";
import { DOCUMENTS_PATH } from "~/lib/admin-paths";
import { apiRequest } from "~/lib/api-client";
import type { DocumentDetailJson } from "~/lib/api-types";

/**
 * Deleting a document never published (a wrong upload, a file the newsroom will not use): asked
 * first, then gone with its files, and the library shown. The document's own page is not loaded
 * again on the way, since it no longer exists. A published one is not offered, and the server
 * refuses it too.
 */
export function DeleteDocument({ document }: { document: DocumentDetailJson }) {
  const messages = useMessages();
  const navigate = useNavigate();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    const result = await apiRequest(`/api/documents/${document.id}`, { method: "DELETE" });
    setBusy(false);
    setAsking(false);
    if (!result.ok) return notify(result.error ?? messages.documentDeleteFailed, "error");
    notify(messages.documentDeleted, "success");
    await navigate(DOCUMENTS_PATH);
  }

  return (
    <section className={sectionClass}>
      <button type="button" onClick={() => setAsking(true)} className={`${secondaryButton} text-red-800 dark:text-red-300`}>
        {messages.documentDelete}
      </button>
      <ConfirmDialog open={asking} message={messages.documentDeleteQuestion} busy={busy} onConfirm={() => void confirm()} onCancel={() => setAsking(false)} />
    </section>
  );
}
