import { useId, useState } from "react";
import { primaryButton, secondaryButton } from "~/components/admin/article-form/styles";
import { useNotify } from "~/components/notifications/notifications";
import { useMessages } from "~/contexts/i18n";
import { apiRequest } from "~/lib/api-client";
import type { DocumentDetailJson, Tag } from "~/lib/api-types";
import { errorCode } from "~/lib/error-codes";
import { DocumentTexts } from "./DocumentFacts";
import { type DocumentDetails, DocumentDetailsFields, detailsOf, filledTexts, firstTitleId, hasTitle } from "./DocumentDetailsFields";

const TITLE_REQUIRED = errorCode("documentTitleRequired");
const UNKNOWN_TAGS = errorCode("unknownTags");

/**
 * A document's texts, date and tags, and for one who may change them the same fields as the
 * upload's to correct them (PUT /api/documents/{id}). What was typed stays in the form until the
 * server has taken it; a refusal is said beside its field, any other failure in a notice.
 */
export function EditDocumentDetails({ document, tags, mayChange, onChanged }: { document: DocumentDetailJson; tags: Tag[]; mayChange: boolean; onChanged: (document: DocumentDetailJson) => void }) {
  const messages = useMessages();
  const notify = useNotify();
  const id = useId();
  const [editing, setEditing] = useState<DocumentDetails | null>(null);
  const [errors, setErrors] = useState<{ title?: string; tags?: string }>({});
  const [busy, setBusy] = useState(false);

  if (!editing) {
    return (
      <div>
        <DocumentTexts document={document} />
        {mayChange ? (
          <button type="button" onClick={() => setEditing(detailsOf(document))} className={`${secondaryButton} mt-3`}>
            {messages.documentEditDetails}
          </button>
        ) : null}
      </div>
    );
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!editing) return;
    if (!hasTitle(editing)) {
      setErrors({ title: messages.documentTitleRequired });
      window.document.getElementById(firstTitleId(id))?.focus();
      return;
    }
    setBusy(true);
    const result = await apiRequest<{ document: DocumentDetailJson }>(`/api/documents/${document.id}`, {
      method: "PUT",
      json: { ...Object.fromEntries(filledTexts(editing)), date: editing.date || null, tags: editing.tags },
    });
    setBusy(false);
    if (result.ok) {
      setErrors({});
      setEditing(null);
      onChanged(result.data.document);
      notify(messages.documentDetailsSaved, "success");
      return;
    }
    if (result.code === TITLE_REQUIRED || result.code === UNKNOWN_TAGS) {
      setErrors(result.code === TITLE_REQUIRED ? { title: result.error ?? messages.documentTitleRequired } : { tags: result.error ?? messages.documentDetailsSaveFailed });
      return;
    }
    notify(result.error ?? messages.documentDetailsSaveFailed, "error");
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-labelledby={`${id}-heading`} className="space-y-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {messages.documentEditDetails}
      </h2>
      <DocumentDetailsFields id={id} tags={tags} value={editing} onChange={(change) => setEditing((details) => (details ? change(details) : details))} errors={errors} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? messages.saving : messages.save}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            setEditing(null);
            setErrors({});
          }}
          className={secondaryButton}
        >
          {messages.cancel}
        </button>
      </div>
    </form>
  );
}
